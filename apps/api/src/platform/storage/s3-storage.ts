import type { S3Client } from '@aws-sdk/client-s3';
import type { ByteRange, FilePart, PutFileMeta, StorageAdapter } from './storage-adapter';

export interface S3StorageSettings {
  /** Where this process reaches the bucket. */
  endpoint: string;
  /** Where browsers reach it: presigned URLs are signed for this address (default: `endpoint`). */
  publicEndpoint?: string;
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

/** The SDK is loaded on first use, so a school storing on disk never loads it. */
const sdk = () => import('@aws-sdk/client-s3');

/**
 * Files in an S3-compatible bucket, private to the bucket's owner; readers get short-lived
 * presigned GET URLs that carry the content type and disposition the API would have sent.
 */
export class S3Storage implements StorageAdapter {
  readonly backend = 's3' as const;
  private readonly bucket: string;
  private client?: Promise<S3Client>;
  /** Signs presigned URLs for the public endpoint; it sends nothing, so it needs no connection. */
  private signer?: Promise<S3Client>;

  constructor(private readonly settings: S3StorageSettings) {
    this.bucket = settings.bucket;
  }

  private s3(): Promise<S3Client> {
    this.client ??= this.newClient(this.settings.endpoint);
    return this.client;
  }

  /** The client presigned URLs are made with: the API's own unless browsers reach the bucket elsewhere. */
  private presigner(): Promise<S3Client> {
    const { endpoint, publicEndpoint } = this.settings;
    if (!publicEndpoint || publicEndpoint === endpoint) return this.s3();
    this.signer ??= this.newClient(publicEndpoint);
    return this.signer;
  }

  private newClient(endpoint: string): Promise<S3Client> {
    const { region, forcePathStyle, accessKeyId, secretAccessKey } = this.settings;
    return sdk().then(
      ({ S3Client }) =>
        new S3Client({
          endpoint,
          region,
          forcePathStyle,
          // Parts are streamed with their length; a checksum trailer (aws-chunked) is not needed
          // and not every S3-compatible store accepts it.
          requestChecksumCalculation: 'WHEN_REQUIRED',
          credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
        }),
    );
  }

  async put(key: string, data: Buffer, meta: PutFileMeta): Promise<void> {
    const { PutObjectCommand } = await sdk();
    await (await this.s3()).send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: data, ContentType: meta.contentType }));
  }

  async read(key: string, range?: ByteRange): Promise<Buffer | null> {
    const { GetObjectCommand } = await sdk();
    const client = await this.s3();
    try {
      const answer = await client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      return Buffer.from(await answer.Body!.transformToByteArray());
    } catch (e) {
      if ((e as { name?: string }).name === 'NoSuchKey') return null;
      if ((e as { name?: string }).name === 'InvalidRange') return Buffer.alloc(0);
      throw e;
    }
  }

  async startParts(key: string, meta: PutFileMeta): Promise<string> {
    const { CreateMultipartUploadCommand } = await sdk();
    const answer = await (
      await this.s3()
    ).send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: meta.contentType }));
    if (!answer.UploadId) throw new Error('The bucket did not start a multipart upload');
    return answer.UploadId;
  }

  /** One part of the multipart upload, streamed to the bucket (parts are numbered from 1). */
  async writePart(key: string, uploadId: string | null, part: FilePart): Promise<string> {
    const { UploadPartCommand } = await sdk();
    const answer = await (
      await this.s3()
    ).send(
      new UploadPartCommand({
        Bucket: this.bucket,
        Key: key,
        UploadId: uploadId!,
        PartNumber: part.index + 1,
        Body: part.body,
        ContentLength: part.length,
      }),
      { abortSignal: part.signal },
    );
    if (!answer.ETag) throw new Error('The bucket did not acknowledge a part');
    return answer.ETag;
  }

  /**
   * Completes the multipart upload. Finishing again is no error: when the bucket no longer knows
   * the upload because it already made the object (a crash came between the two), an object of
   * the whole size under the key is the finished file.
   */
  async finishParts(key: string, uploadId: string | null, etags: string[], size: number): Promise<void> {
    const { CompleteMultipartUploadCommand, HeadObjectCommand } = await sdk();
    const s3 = await this.s3();
    try {
      await s3.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: uploadId!,
          MultipartUpload: { Parts: etags.map((ETag, i) => ({ ETag, PartNumber: i + 1 })) },
        }),
      );
    } catch (e) {
      // Buckets answer NoSuchUpload (S3) or an internal error (some compatible servers) for an upload they completed.
      const made = await s3.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key })).catch(() => null);
      if (made?.ContentLength !== size) throw e;
    }
  }

  /** Aborts the multipart upload; one the bucket no longer knows (aborted before) is no error. */
  async abortParts(key: string, uploadId: string | null): Promise<void> {
    const { AbortMultipartUploadCommand } = await sdk();
    try {
      await (await this.s3()).send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId! }));
    } catch (e) {
      if ((e as { name?: string }).name !== 'NoSuchUpload') throw e;
    }
  }

  async remove(key: string): Promise<void> {
    const { DeleteObjectCommand } = await sdk();
    await (await this.s3()).send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async ping(): Promise<void> {
    const { HeadBucketCommand } = await sdk();
    await (await this.s3()).send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  async presignedUrl(key: string, opts: PresignOptions): Promise<string> {
    const [{ GetObjectCommand }, { getSignedUrl }] = await Promise.all([sdk(), import('@aws-sdk/s3-request-presigner')]);
    return getSignedUrl(
      await this.presigner(),
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

  async destroy(): Promise<void> {
    const clients = [this.client, this.signer];
    this.client = this.signer = undefined;
    for (const client of clients) (await client)?.destroy();
  }
}
