import { Global, Inject, Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { ReadinessChecks } from '../health/readiness';
import { FilesController } from './files.controller';
import { IncomingSweep } from './incoming-sweep';
import { StorageService } from './storage.service';
import { UploadSweeps } from './upload-sweeps';

/** /api/health/ready answers 503 while new files cannot be stored (disk not writable, bucket unreachable). */
@Injectable()
class StorageReadiness implements OnModuleInit {
  constructor(
    @Inject(StorageService) private readonly storage: StorageService,
    @Inject(ReadinessChecks) private readonly readiness: ReadinessChecks,
  ) {}

  onModuleInit() {
    this.readiness.register('storage', () => this.storage.writer.ping());
  }
}

@Global()
@Module({
  controllers: [FilesController],
  providers: [StorageService, StorageReadiness, UploadSweeps, IncomingSweep],
  exports: [StorageService, UploadSweeps],
})
export class StorageModule {}
