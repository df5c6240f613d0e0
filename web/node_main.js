// Runs the page's tensorplay.js under node as the native program is run (see tensorplay-node).
// The script is evaluated with a Module of our own that finds tensorplay.wasm and .data beside
// it: emscripten's file loader would otherwise read the .data relative to the working folder.
'use strict';
const fs = require('fs');
const path = require('path');
const dir = __dirname;
const file = path.join(dir, 'tensorplay.js');
const Module = { locateFile: (name) => path.join(dir, name), thisProgram: 'tensorplay' };
new Function('Module', 'require', '__dirname', '__filename', fs.readFileSync(file, 'utf8'))(Module, require, dir, file);
