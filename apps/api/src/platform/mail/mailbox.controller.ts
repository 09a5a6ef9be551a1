import { Controller, Inject, NotFoundException } from '@nestjs/common';
import type { MailboxListResponse, MailboxMessage } from '@school/contracts';
import { DataSource } from 'typeorm';
import { type ParamsOf, Route, RouteParams } from '../../common/route.decorator';

export const MESSAGE_NOT_FOUND = 'Message not found';
const COLUMNS = `id, to_char(received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS received_at, mail_from AS "from", mail_to AS "to", subject`;

/** The development mailbox (registered only when mail goes to it: never in production). */
@Controller()
export class MailboxController {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  @Route('adminMailboxList')
  async list(): Promise<MailboxListResponse> {
    return { results: await this.ds.query(`SELECT ${COLUMNS} FROM dev_mailbox_messages ORDER BY received_at DESC, id DESC LIMIT 200`) };
  }

  @Route('adminMailboxMessage')
  async get(@RouteParams() p: ParamsOf<'adminMailboxMessage'>): Promise<MailboxMessage> {
    const [row] = await this.ds.query(`SELECT ${COLUMNS}, html, text FROM dev_mailbox_messages WHERE id = $1`, [p.messageId]);
    if (!row) throw new NotFoundException(MESSAGE_NOT_FOUND);
    return row;
  }
}
