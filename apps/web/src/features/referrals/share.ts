/** Whether the device offers its own share sheet (Web Share API): phones mostly. */
export function canShare(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}
