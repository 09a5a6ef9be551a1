import { Controller, Module } from '@nestjs/common';
import { buildOpenApiDocument } from '@school/contracts';
import { Route } from '../../common/route.decorator';

@Controller()
class DocsController {
  private document?: ReturnType<typeof buildOpenApiDocument>;

  /** The OpenAPI document, generated from the same zod contracts that validate requests. */
  @Route('apiDocs')
  get() {
    this.document ??= buildOpenApiDocument();
    return this.document;
  }
}

@Module({ controllers: [DocsController] })
export class DocsModule {}
