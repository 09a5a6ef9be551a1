import { DataSource, type DataSourceOptions } from 'typeorm';
import type { DatabaseMonitor } from './database-monitor';

/** A data source whose database is watched by a DatabaseMonitor, stopped with it. */
export class MonitoredDataSource extends DataSource {
  constructor(
    options: DataSourceOptions,
    readonly monitor: DatabaseMonitor,
  ) {
    super(options);
  }
  override async destroy(): Promise<void> {
    await this.monitor.stop();
    if (this.isInitialized) await super.destroy();
  }
}

/** The monitor watching `ds`'s database, if any. */
export function databaseMonitor(ds: DataSource): DatabaseMonitor | undefined {
  return ds instanceof MonitoredDataSource ? ds.monitor : undefined;
}
