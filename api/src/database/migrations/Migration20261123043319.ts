import { Migration } from '@mikro-orm/migrations';

export class Migration20261123043319 extends Migration {
  override name = 'Migration20261123043319';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "project_progress" ("project_id" uuid not null, "project_xmin" varchar(20) not null, "rule" int not null, "complete" int not null, "total" int not null, primary key ("project_id"));`,
    );

    this.addSql(
      `alter table "project_progress" add constraint "project_progress_project_id_foreign" foreign key ("project_id") references "project" ("id") on update cascade on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "project_progress" cascade;`);
  }
}
