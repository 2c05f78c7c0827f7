import path from 'node:path';
import { loadConfig } from '../config.js';
import { copyLocalFiles } from '../integrations/storage/copy-local-files.js';
import { createFileStorage } from '../integrations/storage/create-file-storage.js';

/**
 * `npm run storage:copy-to-s3`: copies the local files (`DATA_DIR/files`: pictures, PDFs) into the
 * S3 bucket configured by `S3_*`, under the same keys, before a deployment switches to S3.
 */
const config = loadConfig();
if (!config.s3) {
  process.stderr.write(
    'Set S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY to the bucket to copy into.\n',
  );
  process.exit(2);
}
const root = path.join(config.dataDir, 'files');
const storage = await createFileStorage(config);
try {
  const report = await copyLocalFiles(root, storage);
  for (const key of report.skipped) process.stderr.write(`skipped (not a storage key): ${key}\n`);
  process.stdout.write(
    `Copied ${report.copied.length} file(s) from ${root} to bucket ${config.s3.bucket}.\n`,
  );
} finally {
  await storage.close();
}
