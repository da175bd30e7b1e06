import { Migration } from '@mikro-orm/migrations';

export class Migration20261127162929 extends Migration {
  override name = 'Migration20261127162929';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "health_probe" ("id" int not null, "checked_at" timestamptz not null, primary key ("id"));`,
    );

    this.addSql(`alter table "login_attempt" add "blocked_until" timestamptz null;`);

    this.addSql(`alter table "one_time_token" add "new_email" varchar(254) null;`);

    // Rows of projects deleted before the log went with its project: copies of answers that were
    // promised to be gone.
    this.addSql(
      `delete from "definition_migration_log" where "project_id" not in (select "id" from "project");`,
    );
    this.addSql(
      `alter table "definition_migration_log" add constraint "definition_migration_log_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "health_probe" cascade;`);

    this.addSql(
      `alter table "definition_migration_log" drop constraint "definition_migration_log_project_id_foreign";`,
    );

    this.addSql(`alter table "login_attempt" drop column "blocked_until";`);

    this.addSql(`alter table "one_time_token" drop column "new_email";`);
  }
}
