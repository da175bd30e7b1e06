import { Migration } from '@mikro-orm/migrations';

export class Migration20261127191805 extends Migration {
  override name = 'Migration20261127191805';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "project_former_token" ("token_hash" varchar(64) not null, "project_id" uuid not null, "replaced_at" timestamptz not null, primary key ("token_hash"));`,
    );
    this.addSql(
      `create index "project_former_token_project_id_index" on "project_former_token" ("project_id");`,
    );

    this.addSql(
      `alter table "project_former_token" add constraint "project_former_token_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "project_former_token" cascade;`);
  }
}
