// Under node, the host's folders appear at their own paths beside the preloaded ones
// (/tensorplay, /usr/local/lib/python3.11), and the program starts in node's working folder,
// so `tensorplay.js run tests/x.py` reads the script and writes its files for real. In a page
// this does nothing: the page's file system is the preloaded one.
if (typeof process === 'object' && process.versions && process.versions.node) {
  Module['preRun'] = Module['preRun'] || [];
  Module['preRun'].push(function () {
    var fs = require('fs');
    var mine = ['tensorplay', 'usr', 'dev', 'proc', 'home', 'tmp'];
    fs.readdirSync('/').forEach(function (name) {
      if (mine.indexOf(name) >= 0 || !fs.statSync('/' + name).isDirectory()) return;
      FS.mkdir('/' + name);
      FS.mount(NODEFS, { root: '/' + name }, '/' + name);
    });
    FS.mount(NODEFS, { root: '/tmp' }, '/tmp');
    FS.chdir(process.cwd());
    // The settings tensorplay reads from the environment, as the shell gave them (not
    // PYTHONPATH and the like: the host's Python is not this one).
    Object.keys(process.env).forEach(function (k) {
      if (/^(TENSORPLAY_|CUDA_LAUNCH_BLOCKING$|NO_COLOR$|OMP_NUM_THREADS$|HOME$|XDG_CONFIG_HOME$)/.test(k)) ENV[k] = process.env[k];
    });
  });
}
