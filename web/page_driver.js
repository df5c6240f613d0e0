// Drives the page in headless Chromium through the DevTools protocol (node's own WebSocket,
// no packages): opens URL, waits until the page says its ?run= inputs are done
// (window.tpDone), then writes the console's text, a screenshot and the page's timings.
// With PRESSES (a comma list of Escape, Control+c or stop, the button), each one is pressed,
// as a user would, in a run that has gone on for 2 s, after a screenshot of the page then
// (running-N.png: it must still draw).
// With STEPS (a JSON file), what a user does next, in order (page_steps.js).
// PAGE_SIZE (env, WxH): the window's size (default 1200x900). The page's console errors and
// uncaught exceptions go to console-errors.txt (empty when there were none).
// Usage: node --experimental-websocket page_driver.js BROWSER URL OUT_DIR [TIMEOUT_S] [PRESSES] [STEPS]
'use strict';
const { spawn } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const [browser, url, outDir, timeoutS = '300', pressList = '', stepsFile = ''] = process.argv.slice(2);
const presses = pressList ? pressList.split(',') : [];
const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'tp-page-'));
// A process group of its own: Debian's chromium-headless-shell is a shell script that runs
// the browser as its child, so ending the script alone would leave the browser running.
const chrome = spawn(browser, ['--headless', '--no-sandbox', '--disable-gpu', '--hide-scrollbars',
  '--window-size=' + (process.env.PAGE_SIZE || '1200x900').replace('x', ','), '--remote-debugging-port=0', '--user-data-dir=' + profile, 'about:blank'],
  { detached: true });
const deadline = setTimeout(() => finish('no DevTools connection'), 60000);

function finish(error) {
  clearTimeout(deadline);
  process.kill(-chrome.pid, 'SIGTERM');
  if (error) console.error('page_driver: ' + error);
  chrome.on('exit', () => {
    try { fs.rmSync(profile, { recursive: true, force: true, maxRetries: 5 }); } catch (e) { /* a leftover in /tmp */ }
    process.exit(error ? 1 : 0);
  });
}

let endpoint = '';
chrome.stderr.on('data', async (chunk) => {
  const m = /DevTools listening on (ws:\/\/\S+)/.exec(chunk.toString());
  if (!m || endpoint) return;
  endpoint = m[1];
  clearTimeout(deadline);
  try { await drive(new URL(endpoint).port); finish(); } catch (e) { finish(e.stack || String(e)); }
});

async function drive(port) {
  const targets = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  const ws = new WebSocket(targets.find((t) => t.type === 'page').webSocketDebuggerUrl);
  await new Promise((ok) => ws.addEventListener('open', ok));
  let next = 0;
  const waiting = new Map();
  ws.addEventListener('message', (e) => {
    const msg = JSON.parse(e.data);
    if (waiting.has(msg.id)) { waiting.get(msg.id)(msg); waiting.delete(msg.id); }
  });
  const send = (method, params = {}) => new Promise((ok, fail) => {
    const id = ++next;
    waiting.set(id, (msg) => (msg.error ? fail(new Error(method + ': ' + msg.error.message)) : ok(msg.result)));
    ws.send(JSON.stringify({ id, method, params }));
  });
  const value = async (expr) => (await send('Runtime.evaluate', { expression: expr, returnByValue: true })).result.value;
  const errors = [];
  ws.addEventListener('message', (e) => {
    const msg = JSON.parse(e.data);
    if (msg.method === 'Runtime.consoleAPICalled' && msg.params.type === 'error')
      errors.push('console.error: ' + msg.params.args.map((a) => a.value ?? a.description ?? '').join(' '));
    if (msg.method === 'Runtime.exceptionThrown')
      errors.push('exception: ' + (msg.params.exceptionDetails.exception?.description || msg.params.exceptionDetails.text));
  });
  await send('Runtime.enable');
  await send('Page.enable');
  // PAGE_QUOTA (bytes): the browser storage that small, from the start (set later, Chromium
  // may go on with the quota it has already looked up).
  if (process.env.PAGE_QUOTA)
    await send('Storage.overrideQuotaForOrigin', { origin: new URL(url).origin, quotaSize: +process.env.PAGE_QUOTA });
  const opened = Date.now();
  await send('Page.navigate', { url });
  let done = false, pressed = 0;
  while (!(done = await value('window.tpDone === true')) && Date.now() - opened < timeoutS * 1000) {
    if (pressed < presses.length && await value('window.tpBusySince > 0 && performance.now() - window.tpBusySince > 2000'))
      await press(send, value, presses[pressed++], path.join(outDir, `running-${pressed}.png`));
    await new Promise((ok) => setTimeout(ok, 200));
  }
  let stepsError = null;
  if (done && stepsFile) {
    try {
      await require('./page_steps.js').run(JSON.parse(fs.readFileSync(stepsFile, 'utf8')), { send, value, outDir });
    } catch (e) { stepsError = e; }
  }
  // What the page shows either way: the screenshot and the console's text to look at.
  const shot = await send('Page.captureScreenshot', { format: 'png' });
  fs.writeFileSync(path.join(outDir, 'page.png'), Buffer.from(shot.data, 'base64'));
  fs.writeFileSync(path.join(outDir, 'console.txt'), await value("document.getElementById('out').innerText"));
  fs.writeFileSync(path.join(outDir, 'console-errors.txt'), errors.map((e) => e + '\n').join(''));
  fs.writeFileSync(path.join(outDir, 'canvas.json'),
                   await value("JSON.stringify(document.getElementById('canvas').getBoundingClientRect())") + '\n');
  const timings = await value('JSON.stringify({ready_ms: window.tpReadyMs, runs_ms: window.tpRunTimes, ' +
                              'frames_drawn: window.tpRunFrames, stop_ms: window.tpStopMs, ' +
                              'frame_ms: window.tpFrameMs, frame_gaps_ms: window.tpFrameGaps, renderer: window.tpRenderer})');
  fs.writeFileSync(path.join(outDir, 'timings.json'), timings + '\n');
  if (!done) throw new Error('the page did not finish its runs in ' + timeoutS + ' s (see console.txt, page.png)');
  if (stepsError) throw stepsError;
  console.log('page ready after ' + (await value('window.tpReadyMs')).toFixed(0) + ' ms; all runs done after ' +
              (Date.now() - opened) + ' ms (measured)');
}

// One key press or click, through the browser's input events (they wait for the page's turn
// as a user's would).
async function press(send, value, what, shotFile) {
  const shot = await send('Page.captureScreenshot', { format: 'png' });
  fs.writeFileSync(shotFile, Buffer.from(shot.data, 'base64'));
  if (what === 'stop') {
    const [x, y] = await value("(r => [r.x + r.width / 2, r.y + r.height / 2])(document.getElementById('stop').getBoundingClientRect())");
    for (const type of ['mousePressed', 'mouseReleased'])
      await send('Input.dispatchMouseEvent', { type, x, y, button: 'left', clickCount: 1 });
    return;
  }
  const ctrl = what.startsWith('Control+');
  const key = ctrl ? what.slice(8) : what;
  const code = key === 'Escape' ? 'Escape' : 'Key' + key.toUpperCase();
  const keyCode = key === 'Escape' ? 27 : key.toUpperCase().charCodeAt(0);
  for (const type of ['rawKeyDown', 'keyUp'])
    await send('Input.dispatchKeyEvent', { type, key, code, windowsVirtualKeyCode: keyCode, modifiers: ctrl ? 2 : 0 });
}
