// l10n-ignore-file: no words here, only the names of the benchmark's timing marks
/**
 * The timing marks the benchmark reads from the webview's `document.body.dataset` (test/bench): when the script
 * started, when the user asked for a change, when what was drawn reached the screen. main.ts imports this module
 * first, so that `scriptAt` is taken before anything else of the bundle runs.
 */
document.body.dataset.scriptAt = String(performance.timeOrigin + performance.now());

/** Marks when the user asked for a change (a sort, a filter), for the benchmark's input-to-repaint figures. */
export function markInput(event?: Event): void {
  document.body.dataset.inputAt = String(performance.timeOrigin + (event?.timeStamp ?? performance.now()));
}

/** Runs `then` once what was drawn is on screen (after the next frame was painted). */
export function afterPaint(then: () => void): void {
  requestAnimationFrame(() => setTimeout(then, 0));
}
