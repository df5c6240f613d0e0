// Runs the page's tensorplay.js under node as the native program is run (see tensorplay-node).
// tensorplay.data.js (the preloaded files' loader) and tensorplay.js are evaluated in one
// scope with a Module of our own that finds tensorplay.wasm and .data beside them: emscripten's
// file loader would otherwise read the .data relative to the working folder.
'use strict';
const fs = require('fs');
const path = require('path');
const dir = __dirname;
const file = path.join(dir, 'tensorplay.js');
const source = ['tensorplay.data.js', 'tensorplay.js'].map((name) => fs.readFileSync(path.join(dir, name), 'utf8')).join('\n');
const Module = { locateFile: (name) => path.join(dir, name), thisProgram: 'tensorplay' };
new Function('Module', 'require', '__dirname', '__filename', source)(Module, require, dir, file);
