import { Migration } from '@mikro-orm/migrations';

/** The catalogue: every project and every stored revision so far is the brand briefing's. */
export class Migration20261128005213 extends Migration {
  override name = 'Migration20261128005213';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "definition_revision" add "questionnaire" varchar(64) not null default 'markenbriefing';`,
    );
    this.addSql(
      `create index "definition_revision_questionnaire_index" on "definition_revision" ("questionnaire");`,
    );

    this.addSql(
      `alter table "project" add "questionnaire" varchar(64) not null default 'markenbriefing';`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "definition_revision_questionnaire_index";`);
    this.addSql(`alter table "definition_revision" drop column "questionnaire";`);

    this.addSql(`alter table "project" drop column "questionnaire";`);
  }
}
