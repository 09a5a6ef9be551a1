import { Controller, Get, Inject, NotFoundException, Param } from '@nestjs/common';
import { MailboxMessageParamsSchema, type MailboxListResponse, type MailboxMessage } from '@school/contracts';
import { DataSource } from 'typeorm';
import { AdminOnly } from '../../common/auth.decorators';
import { ZodPipe } from '../../common/zod.pipe';

export const MESSAGE_NOT_FOUND = 'Message not found';
const COLUMNS = `id, to_char(received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS received_at, mail_from AS "from", mail_to AS "to", subject`;

/** The development mailbox (registered only when mail goes to it: never in production). */
@AdminOnly()
@Controller('admin/mailbox')
export class MailboxController {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  @Get()
  async list(): Promise<MailboxListResponse> {
    return { results: await this.ds.query(`SELECT ${COLUMNS} FROM dev_mailbox_messages ORDER BY received_at DESC, id DESC LIMIT 200`) };
  }

  @Get(':messageId')
  async get(@Param(new ZodPipe(MailboxMessageParamsSchema)) p: { messageId: string }): Promise<MailboxMessage> {
    const [row] = await this.ds.query(`SELECT ${COLUMNS}, html, text FROM dev_mailbox_messages WHERE id = $1`, [p.messageId]);
    if (!row) throw new NotFoundException(MESSAGE_NOT_FOUND);
    return row;
  }
}
