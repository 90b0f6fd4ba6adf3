// check_page.js - drives the replay page (tabula replay --html) in headless
// Chromium through playwright-core: the page loads from a file without any
// network request, shows the start position, and stepping (arrow keys,
// buttons, a click on a move) shows other positions, whose pictures differ;
// the pictures the page puts together from its data (a keyframe and edits)
// equal those of positions reached by other ways, and the move list is
// numbered by pairs or one by one, as the game's players do; the result is
// shown at the last position only; on a board of tiles and on a numbered
// board, the names and numbers of marked places lie over the marks.
// usage: node check_page.js CHROMIUM PAGE.html:MOVES:NUMBERING... (NUMBERING: pairs, turns or plies)
'use strict';
const { chromium } = require('playwright-core');

const [chromiumPath, ...pages] = process.argv.slice(2);
let failures = 0, passes = 0;
function check(name, ok, detail) {
  if (ok) { passes++; console.log('ok: ' + name); }
  else { failures++; console.log('FAIL: ' + name + (detail !== undefined ? ' (' + detail + ')' : '')); }
}

async function checkPage(browser, page_file, nmoves, numbering) {
  console.log('== ' + page_file + ' (' + nmoves + ' moves, numbered by ' + numbering + ')');
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  const url = 'file://' + require('path').resolve(page_file);
  const requests = [], errors = [];
  page.on('request', r => { if (r.url() !== url) requests.push(r.url()); });
  page.on('pageerror', e => errors.push(String(e)));
  page.on('console', m => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(url);

  check('the page loads without script errors', errors.length === 0, errors.join('; '));
  check('the page fetches nothing', requests.length === 0, requests.join(' '));
  const shown = async () => page.$$eval('.pos.shown', els => els.map(e => e.id));
  const board = async () => page.$eval('.pos.shown svg', s => s.outerHTML);
  const picture = async () => (await page.$('.pos.shown svg')).screenshot();
  const where = async () => page.textContent('#where');

  check('one position is shown: the start', JSON.stringify(await shown()) === '["pos0"]', await shown());
  const box = await page.$eval('.pos.shown svg', s => { const r = s.getBoundingClientRect(); return [r.width, r.height]; });
  check('the start picture has a size', box[0] > 200 && box[1] > 200, box);
  check('the heading says where we are', /^start \(\d+ moves\)$/.test(await where()), await where());
  check('every position is in the page', (await page.evaluate(() => M.length)) === nmoves + 1);
  check('every move is listed', (await page.$$('#moves .mv')).length === nmoves);
  // numbered as the game's players number it: by pairs (a game without dice),
  // player 1's move and player 2's reply under one number; else one by one
  const items = await page.$$eval('#moves > li', lis => lis.map(li => li.querySelectorAll('.mv').length));
  if (numbering === 'pairs') {
    check('the moves are numbered by pairs', items.length === Math.ceil(nmoves / 2) &&
      items.every((k, j) => k === (j < items.length - 1 || nmoves % 2 === 0 ? 2 : 1)), JSON.stringify(items));
    const first = await page.$eval('#moves > li', li => li.innerText.replace(/\s+/g, ' ').trim());
    check('a pair reads as the move and the reply', /^\S+ \S+$/.test(first), first);
  } else if (numbering === 'turns') {
    // a dice game: an item a turn, the roll as players write it, then its moves
    const texts = await page.$$eval('#moves > li', lis => lis.map(li => li.innerText.replace(/\s+/g, ' ').trim()));
    check('the moves are listed by turns', items.length < nmoves && items.every(k => k >= 1) &&
      items.reduce((a, b) => a + b, 0) === nmoves, JSON.stringify(items.slice(0, 5)));
    const rollless = texts.filter(t => !/^\d+(-\d+)*: \S/.test(t));
    check('a turn begins with its roll', rollless.length === 0, JSON.stringify(rollless.slice(0, 3)));
  } else {
    check('the moves are numbered one by one', items.length === nmoves && items.every(k => k === 0) &&
      (await page.$$('#moves > li.mv')).length === nmoves, JSON.stringify(items.slice(0, 5)));
  }
  const startSvg = await board(), startPng = await picture();
  // The result belongs to the end of the game: hidden at the start (and
  // wherever the game goes on), shown at the last position only.
  const resultShown = async () => page.$eval('#result', e => e.offsetParent !== null && e.innerText.trim() !== '');
  check('the result is hidden at the start', !(await resultShown()));

  await page.keyboard.press('ArrowRight');
  check('the right arrow shows position 1', JSON.stringify(await shown()) === '["pos1"]', await shown());
  check('the heading names move 1', /^move 1 of \d+: player [12]: \S+/.test(await where()), await where());
  const oneSvg = await board(), onePng = await picture();
  check('the picture after move 1 differs from the start', oneSvg !== startSvg);
  check('the pixels after move 1 differ from the start', Buffer.compare(onePng, startPng) !== 0);
  check('the move is marked in the picture', (await page.$$('.pos.shown svg .mark')).length > 0);
  if (await page.$('#tb-board text.tile')) {
    // Boards of tiles: a marked field reaches its tile's centre, where the
    // tile's name stands; the name is used again over the mark, so at its
    // centre the topmost element is the name.
    const names = await page.$$eval('.pos.shown svg use[href^="#tb-tile"]', us => us.map(u => {
      const r = u.getBoundingClientRect();
      const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      return [u.getAttribute('href'), top === u || u.contains(top)];
    }));
    check('the name of a marked tile lies over the mark', names.length > 0 && names.every(n => n[1]),
          JSON.stringify(names));
  }
  if (await page.$('#tb-board text.number')) {
    // Numbered squares: a marked square's number is used again over the
    // mark, so at the number's centre the topmost element is the number.
    const numbers = await page.$$eval('.pos.shown svg use[href^="#tb-num"]', us => us.map(u => {
      const r = u.getBoundingClientRect();
      const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      return [u.getAttribute('href'), top === u || u.contains(top)];
    }));
    check('the number of a marked square lies over the mark', numbers.length >= 2 && numbers.every(n => n[1]),
          JSON.stringify(numbers));
  }
  check('the move is highlighted in the list', (await page.$$eval('#moves .mv.current', l => l.length)) === 1);
  check('the highlighted move is the first', (await page.$eval('#moves .mv.current', e => e.textContent)) ===
    (await page.$eval('#moves .mv', e => e.textContent)));

  await page.click('#next');
  check('the next button shows position 2', JSON.stringify(await shown()) === '["pos2"]', await shown());
  await page.click('#prev');
  check('the previous button goes back to position 1', JSON.stringify(await shown()) === '["pos1"]', await shown());
  await page.keyboard.press('ArrowLeft');
  check('the left arrow goes back to the start', JSON.stringify(await shown()) === '["pos0"]', await shown());
  check('back at the start, the picture is the start', (await board()) === startSvg);
  await page.keyboard.press('End');
  check('End shows the last position', JSON.stringify(await shown()) === JSON.stringify(['pos' + nmoves]), await shown());
  check('the result is shown at the last position', await resultShown());
  await page.keyboard.press('ArrowLeft');
  check('the result is hidden one move before the end', !(await resultShown()));
  await page.keyboard.press('ArrowRight');
  check('the result is shown again at the end', await resultShown());
  await page.keyboard.press('ArrowRight');
  check('the right arrow stops at the last position', JSON.stringify(await shown()) === JSON.stringify(['pos' + nmoves]));
  await page.click('#first');
  check('the first button shows the start', JSON.stringify(await shown()) === '["pos0"]', await shown());
  const k = Math.min(3, nmoves);
  await (await page.$$('#moves .mv'))[k - 1].click();
  check('a click on move ' + k + ' shows its position', JSON.stringify(await shown()) === JSON.stringify(['pos' + k]), await shown());
  // A position past a keyframe, put together from the keyframe before it
  // (a jump) and from the position before (a step): the same picture.
  const q = Math.min(70, nmoves);
  await page.evaluate(q => document.querySelectorAll('#moves .mv')[q - 1].click(), q);
  const jumped = await board();
  await page.keyboard.press('Home');
  for (let s = 0; s < q; s++) await page.keyboard.press('ArrowRight');
  check('position ' + q + ' stepped to is position ' + q + ' jumped to', (await board()) === jumped);
  check('the result is on the page', /wins|draw|goes on/.test(await page.textContent('#result')));
  check('position ' + q + ' of ' + nmoves + ': the result ' + (q === nmoves ? 'shown' : 'hidden'),
        (await resultShown()) === (q === nmoves));
  check('no script error while stepping', errors.length === 0, errors.join('; '));
  await page.close();
}

(async () => {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
  for (const arg of pages) {
    const parts = arg.split(':'), numbering = parts.pop(), moves = parts.pop();
    await checkPage(browser, parts.join(':'), Number(moves), numbering);
  }
  await browser.close();
  console.log(passes + ' passed, ' + failures + ' failed');
  process.exit(failures ? 1 : 0);
})().catch(e => { console.error('FAIL: ' + e); process.exit(1); });
