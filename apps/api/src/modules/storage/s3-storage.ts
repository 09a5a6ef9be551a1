import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { ByteRange, PutFileMeta, StorageAdapter } from './storage-adapter';

export interface S3StorageSettings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

export interface PresignOptions {
  contentType: string;
  contentDisposition: string;
  /** Seconds the URL stays valid (at least 1). */
  expiresIn: number;
}

/**
 * Files in an S3-compatible bucket, private to the bucket's owner; readers get short-lived
 * presigned GET URLs that carry the content type and disposition the API would have sent.
 */
export class S3Storage implements StorageAdapter {
  readonly backend = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3StorageSettings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
    });
  }

  async put(key: string, data: Buffer, meta: PutFileMeta): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: data, ContentType: meta.contentType }));
  }

  async read(key: string, range?: ByteRange): Promise<Buffer | null> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      return Buffer.from(await answer.Body!.transformToByteArray());
    } catch (e) {
      if ((e as { name?: string }).name === 'NoSuchKey') return null;
      if ((e as { name?: string }).name === 'InvalidRange') return Buffer.alloc(0);
      throw e;
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  presignedUrl(key: string, opts: PresignOptions): Promise<string> {
    return getSignedUrl(
      this.client,
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        ResponseContentType: opts.contentType,
        ResponseContentDisposition: opts.contentDisposition,
        ResponseCacheControl: `private, max-age=${Math.max(1, Math.floor(opts.expiresIn))}`,
      }),
      { expiresIn: Math.max(1, Math.floor(opts.expiresIn)) },
    );
  }

  destroy(): void {
    this.client.destroy();
  }
}
