import { Controller, Get, Module } from '@nestjs/common';
import { buildOpenApiDocument } from '@school/contracts';
import { Public } from '../../common/auth.decorators';

@Controller('docs')
class DocsController {
  private document?: ReturnType<typeof buildOpenApiDocument>;

  /** The OpenAPI document, generated from the same zod contracts that validate requests. */
  @Public()
  @Get()
  get() {
    this.document ??= buildOpenApiDocument();
    return this.document;
  }
}

@Module({ controllers: [DocsController] })
export class DocsModule {}
