import path from 'node:path';
import type { AppConfig } from '../../config.js';
import type { FileStorage } from './file-storage.js';
import { createLocalFileStorage } from './local-file-storage.js';

/**
 * The storage of this deployment: the S3 bucket when `S3_*` is configured, else `dataDir/files`.
 * The AWS SDK is loaded only for the former, so a local deployment starts without it.
 */
export async function createFileStorage(config: Pick<AppConfig, 'dataDir' | 's3'>): Promise<FileStorage> {
  if (!config.s3) return createLocalFileStorage(path.join(config.dataDir, 'files'));
  const { createS3FileStorage } = await import('./s3-file-storage.js');
  return createS3FileStorage(config.s3);
}
