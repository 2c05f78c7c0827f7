import type { FastifyReply, FastifyRequest } from 'fastify';
import { etagMatches, etagOf } from '../../platform/cache/index.js';
import type { PdfFile } from './stored-pdfs.js';

/**
 * Sends a PDF inline with a safe file name, `nosniff`, an ETag (the public cache's rule; 304 when it matches) and a short
 * public cache lifetime: the PDFs served this way are public.
 */
export function sendPdf(request: FastifyRequest, reply: FastifyReply, file: PdfFile): FastifyReply {
  const etag = etagOf(file.bytes);
  const fileName = file.fileName.replace(/[^A-Za-z0-9._-]/g, '_');
  void reply
    .header('etag', etag)
    .header('cache-control', 'public, max-age=3600')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `inline; filename="${fileName}"`);
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type('application/pdf').send(file.bytes);
}
