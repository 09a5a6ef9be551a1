import { Controller, Inject, NotFoundException } from '@nestjs/common';
import type { MailboxListResponse, MailboxMessage } from '@school/contracts';
import { DataSource } from 'typeorm';
import { type ParamsOf, type QueryOf, Route, RouteParams, RouteQuery } from '../../common/route.decorator';
import { devMailboxList, devMailboxMessage } from './mail.queries';

export const MESSAGE_NOT_FOUND = 'Message not found';

/** The development mailbox (registered only when mail goes to it: never in production). */
@Controller()
export class MailboxController {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  @Route('adminMailboxList')
  async list(@RouteQuery() q: QueryOf<'adminMailboxList'>): Promise<MailboxListResponse> {
    return { results: await devMailboxList(this.ds, q.search_query) };
  }

  @Route('adminMailboxMessage')
  async get(@RouteParams() p: ParamsOf<'adminMailboxMessage'>): Promise<MailboxMessage> {
    const row = await devMailboxMessage(this.ds, p.messageId);
    if (!row) throw new NotFoundException(MESSAGE_NOT_FOUND);
    return row;
  }
}
