/**
 * Resolves in the task after the browser's next paint. A click's handler that shows its answer at once
 * (a count, a pressed state) and then awaits this before heavy work (a modal's mounting lays the whole
 * page out again) lets that paint come first: the tap answers at once (INP), the modal a frame later.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
