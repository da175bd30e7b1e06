import { Migration } from '@mikro-orm/migrations';

export class Migration20261127223625 extends Migration {
  override name = 'Migration20261127223625';

  override up(): void | Promise<void> {
    this.addSql(`alter table "project" add "hidden_steps" jsonb not null default '[]';`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "project" drop column "hidden_steps";`);
  }
}
