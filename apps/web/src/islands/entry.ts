/*
 * The one script of a public document (docs/decisions/0032), a few hundred bytes: it lets the
 * browser paint the server's page first — HTML, CSS and the main image have the network to
 * themselves — then loads React and the islands (`hydrate.ts`) and hydrates them. A prerendered
 * document (speculation rules) waits until the visitor opens it.
 */

const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

async function boot(): Promise<void> {
  await afterPaint();
  const { startIslands } = await import('./hydrate');
  await startIslands();
}

if ((document as Document & { prerendering?: boolean }).prerendering) {
  document.addEventListener('prerenderingchange', () => void boot(), { once: true });
} else {
  void boot();
}

export {};
