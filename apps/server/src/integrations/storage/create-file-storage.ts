import path from 'node:path';
import type { AppConfig } from '../../config.js';
import type { FileStorage } from './file-storage.js';
import { createLocalFileStorage } from './local-file-storage.js';
import { createS3FileStorage } from './s3-file-storage.js';

/** The storage of this deployment: the S3 bucket when `S3_*` is configured, else `dataDir/files`. */
export function createFileStorage(config: Pick<AppConfig, 'dataDir' | 's3'>): FileStorage {
  return config.s3 ? createS3FileStorage(config.s3) : createLocalFileStorage(path.join(config.dataDir, 'files'));
}
