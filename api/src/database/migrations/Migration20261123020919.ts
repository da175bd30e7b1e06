import { Migration } from '@mikro-orm/migrations';

export class Migration20261123020919 extends Migration {
  override name = 'Migration20261123020919';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "mail_outbox" ("id" uuid not null, "recipient" varchar(254) not null, "template" varchar(40) not null, "subject" text not null, "body" text not null, "link" text not null, "attempts" int not null default 0, "next_attempt_at" timestamptz not null default current_timestamp, "last_error" text null, "failed_at" timestamptz null, "created_at" timestamptz not null default current_timestamp, primary key ("id"));`,
    );
    this.addSql(
      `create index "mail_outbox_next_attempt_at_index" on "mail_outbox" ("next_attempt_at");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "mail_outbox" cascade;`);
  }
}
