// What a user does in the page after it loaded, for page_driver.js: each step of a JSON list,
// in order, through the browser's own input (DevTools protocol), waiting for the page to
// finish it. Steps: {"input": CODE} types CODE into the console and presses Enter;
// {"upload": [PATH...]} picks files in the Upload button's dialog; {"downloads": DIR} lets
// downloads land in DIR; {"reload_during": CODE} types CODE and reloads the page 1 s into its run (the console's text
// before the reload goes to console-before-reload.txt); {"wait": MS} waits; {"screenshot": NAME}
// writes NAME (a PNG of the window); {"click": [X, Y]} clicks there (CSS pixels: a view's button).
'use strict';
const fs = require('fs');
const path = require('path');

const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

async function waitFor(value, expr, what, seconds = 120) {
  const until = Date.now() + seconds * 1000;
  while (!(await value(expr))) {
    if (Date.now() > until) throw new Error('page_steps: timed out waiting for ' + what);
    await sleep(100);
  }
}

async function type(send, value, code) {
  await value(`(i => { i.focus(); i.value = ${JSON.stringify(code)}; })(document.getElementById('in'))`);
  for (const type of ['rawKeyDown', 'keyUp'])
    await send('Input.dispatchKeyEvent', { type, key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13 });
}

async function run(steps, { send, value, outDir }) {
  for (const step of steps) {
    if ('input' in step) {
      const before = await value('window.tpInputsDone');
      await type(send, value, step.input);
      await waitFor(value, `window.tpInputsDone > ${before}`, JSON.stringify(step.input));
    } else if ('upload' in step) {
      const before = (await value('window.tpUploadsDone || 0')) + step.upload.length;
      const { root } = await send('DOM.getDocument');
      const { nodeId } = await send('DOM.querySelector', { nodeId: root.nodeId, selector: '#upload' });
      await send('DOM.setFileInputFiles', { nodeId, files: step.upload.map((f) => path.resolve(f)) });
      await waitFor(value, `(window.tpUploadsDone || 0) >= ${before}`, 'the uploads');
    } else if ('downloads' in step) {
      await send('Page.setDownloadBehavior', { behavior: 'allow', downloadPath: path.resolve(step.downloads) });
    } else if ('reload_during' in step) {
      await type(send, value, step.reload_during);
      await waitFor(value, 'window.tpBusySince > 0 && performance.now() - window.tpBusySince > 1000', 'the run to go on');
      fs.writeFileSync(path.join(outDir, 'console-before-reload.txt'), await value("document.getElementById('out').innerText"));
      await send('Page.reload');
      await sleep(500);
      await waitFor(value, 'window.tpReadyMs > 0', 'the reloaded page');
    } else if ('wait' in step) {
      await sleep(step.wait);
    } else if ('click' in step) {
      const [x, y] = step.click;
      for (const type of ['mouseMoved', 'mousePressed', 'mouseReleased'])
        await send('Input.dispatchMouseEvent', { type, x, y, button: 'left', clickCount: 1 });
    } else if ('screenshot' in step) {
      const shot = await send('Page.captureScreenshot', { format: 'png' });
      fs.writeFileSync(path.join(outDir, step.screenshot), Buffer.from(shot.data, 'base64'));
    } else {
      throw new Error('page_steps: unknown step ' + JSON.stringify(step));
    }
    await sleep(300);  // the storage writes a step started (uploads, saves) land
  }
}

module.exports = { run };
