// The page's files: the home folder (/home/web_user, the working folder) kept in the browser's
// IndexedDB, uploads of .py and .pt files into it, `:download NAME` out of it, and the lesson
// progress file mirrored into localStorage, so that a full storage quota never loses it.
'use strict';
window.tpFiles = (() => {
const home = '/home/web_user';
const progressFile = home + '/.tensorplay/progress';
const progressKey = 'tensorplay.progress', runKey = 'tensorplay.run_in_flight';
let show = () => {}, saving = false, saveAgain = false;

// Before the session starts: the home folder from IndexedDB, the newer progress copy (the
// mirror is written after every run, so it is never older), and a word about a reload that
// cut a run short.
function load(showFn, done) {
  show = showFn;
  FS.mkdirTree(home);
  FS.mount(IDBFS, {}, home);
  FS.syncfs(true, err => {
    if (err) show('the browser storage could not be read (' + err + '): your files start empty', 'err');
    const mirror = localStorage.getItem(progressKey);
    if (mirror !== null) { FS.mkdirTree(home + '/.tensorplay'); FS.writeFile(progressFile, mirror); }
    const cut = localStorage.getItem(runKey);
    if (cut !== null) {
      show('the page was reloaded while this ran, which stopped it: ' + cut.split('\n')[0].slice(0, 60) +
           '\n(files it wrote were not saved; your lesson progress and the files saved before are here)', 'err');
      localStorage.removeItem(runKey);
    }
    FS.chdir(home);
    done();
  });
}

function runStarts(code) { try { localStorage.setItem(runKey, code); } catch (e) { /* storage full: nothing to warn of */ } }

// After each run: the progress mirror at once, then the home folder, one write at a time
// (runs that end meanwhile are saved by one more).
function runEnded() {
  localStorage.removeItem(runKey);
  try {
    localStorage.setItem(progressKey, FS.readFile(progressFile, { encoding: 'utf8' }));
  } catch (e) { /* no progress yet, or localStorage full: IndexedDB still has it */ }
  save();
}

function save() {
  if (saving) { saveAgain = true; return; }
  saving = true;
  FS.syncfs(false, err => saved(err));
}

// One save's end. A failed one is said once until a save succeeds again (each run saves).
let warned = false;
function saved(err) {
  if (!saving) return;
  saving = false;
  if (err && !warned) {
    show('could not save your files to the browser storage (' + (err.name || err) + ': it may be full). ' +
         'Your lesson progress is kept, and the files saved before; delete big files ' +
         '(import os; os.remove(NAME)) to save again. Largest here: ' + largest(), 'err');
  }
  warned = !!err;
  if (saveAgain) { saveAgain = false; save(); }
}

// A full storage quota aborts IndexedDB's write transaction, and emscripten's IDBFS listens
// for no abort (its syncfs never calls back then): the page watches for it itself.
const openTransaction = IDBDatabase.prototype.transaction;
IDBDatabase.prototype.transaction = function (...args) {
  const tx = openTransaction.apply(this, args);
  if (args[1] === 'readwrite') {
    tx.addEventListener('abort', () => {
      FS.syncFSRequests--;  // the syncfs that will not call back
      saved(tx.error || new Error('the write was aborted'));
    });
  }
  return tx;
};

function largest() {
  const files = [];
  const walk = dir => {
    for (const name of FS.readdir(dir)) {
      if (name === '.' || name === '..') continue;
      const path = dir + '/' + name, st = FS.stat(path);
      if (FS.isDir(st.mode)) walk(path); else files.push([st.size, path.slice(home.length + 1)]);
    }
  };
  walk(home);
  files.sort((a, b) => b[0] - a[0]);
  return files.slice(0, 3).map(([size, name]) => name + ' (' + (size / 1e6).toFixed(1) + ' MB)').join(', ') || 'none';
}

// What an upload must be: a .py file is UTF-8 text; a .pt/.pth file starts as torch.save's
// zip archive or the legacy format's pickle does. '' when it may be written.
function uploadProblem(name, bytes) {
  if (/\.py$/.test(name)) {
    try { new TextDecoder('utf-8', { fatal: true }).decode(bytes); } catch (e) {
      return name + ' is not a Python file (not UTF-8 text): nothing was uploaded';
    }
    return bytes.includes(0) ? name + ' is not a Python file (it holds binary data): nothing was uploaded' : '';
  }
  if (/\.pth?$/.test(name)) {
    const zip = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 3 && bytes[3] === 4;
    const pickle = bytes[0] === 0x80 && bytes[1] === 0x02;
    return zip || pickle ? '' : name + ' is not a checkpoint written by torch.save (neither its zip archive nor ' +
                                      'its legacy pickle): nothing was uploaded';
  }
  return name + ': only .py and .pt files can be uploaded';
}

async function upload(file) {
  const name = file.name.replace(/[^\w.\-]/g, '_');
  const bytes = new Uint8Array(await file.arrayBuffer());
  const problem = uploadProblem(name, bytes);
  if (problem) {
    show(problem, 'err');
  } else {
    FS.writeFile(home + '/' + name, bytes);
    show('uploaded ' + name + ' (' + bytes.length + ' bytes) into your home folder: ' +
         (/\.py$/.test(name) ? "exec(open('" + name + "').read()) runs it" : "torch.load('" + name + "') reads it"));
    save();
  }
  window.tpUploadsDone = (window.tpUploadsDone || 0) + 1;  // for the headless driver
}

// `:download NAME`: the file, from the working folder or an absolute path, to the learner's disk.
function download(name) {
  let bytes;
  try { bytes = FS.readFile(name); } catch (e) {
    show(':download ' + name + ': no such file here (' + FS.cwd() + '); os.listdir() shows what is', 'err');
    return;
  }
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([bytes]));
  link.download = name.split('/').pop();
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10000);
  show('downloading ' + link.download + ' (' + bytes.length + ' bytes)');
}

return { load, runStarts, runEnded, upload, download };
})();
