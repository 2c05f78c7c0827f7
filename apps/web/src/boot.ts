/**
 * The page's one script tag in production: it lets the browser paint the server-rendered page
 * first, then fetches the app's modules and evaluates them one per task (the framework, the shared
 * code, the page, the entry), then starts the app (which hydrates) in a task of its own. Nothing competes with the HTML, the CSS and the
 * main image before the first paint, and no single task evaluates the whole bundle at once.
 * The modules come from the tag's `data-modules` and `data-entry` (written by entry-server.tsx).
 */
const tag = document.querySelector<HTMLScriptElement>('script[data-entry]');
const entry = tag?.dataset.entry ?? '';
const modules = (tag?.dataset.modules ?? '').split(' ').filter(Boolean);

const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function boot(): Promise<void> {
  await afterPaint();
  for (const href of [...modules, entry]) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  for (const href of modules) {
    await import(/* @vite-ignore */ href);
    await nextTask();
  }
  await import(/* @vite-ignore */ entry);
  await nextTask();
  // Handled by entry-client.tsx, which starts the app (and hydrates) in this task.
  document.dispatchEvent(new Event('atelier:start'));
}

if (entry) void boot();
