/**
 * `Content-Disposition` of a download: an ASCII fallback name (anything else, quotes, backslashes
 * and semicolons as `_`) and the exact UTF-8 name in RFC 5987 form, for browsers that read it
 * (RFC 6266). Shared by every route that sends a file to be saved.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
