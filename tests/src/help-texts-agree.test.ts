import { readDefinitionDir, defaultDefinitionDirs } from '@fragewerk/engine/core/node';
import { describe, expect, it } from 'vitest';

/**
 * A help text names fields and scale points as the form and the results do; where they
 * disagreed, people asked which one counts (Ziele: „Zieldefinition“ vs. the field „Beschreibung“;
 * Markenpositionierung: „ein oder zwei Sätze“ vs. „in einem Satz“; Polaritätenprofil: „beide
 * gleich stark“ vs. „weder … noch …“ in the results).
 */
const raw = await readDefinitionDir(defaultDefinitionDirs);
type Texts = Record<string, Record<string, string>>;
const files = (key: string) =>
  raw.steps[key]! as unknown as {
    help: string;
    ui: Texts;
    prose: Texts;
    schema: { properties: Record<string, { title?: string }> };
  };

describe('help texts agree with their fields and the results', () => {
  it('Ziele: the help names the description field by its label', () => {
    const { help, ui } = files('goals');
    expect(help).toContain(`„${ui.goal_definition!['ui:title']}“`);
    expect(help).not.toContain('Zieldefinition');
  });

  it('Ziele: schema title, label, help and messages call the field alike (docs/product.md)', () => {
    const { help, ui, schema } = files('goals');
    const label = ui.goal_definition!['ui:title'];
    expect(label).toBe('Beschreibung');
    expect(schema.properties.goal_definition!.title).toBe(label);
    // What the field asks below its label, the help asks too.
    expect(ui.goal_definition!['ui:help']).toBe('Woran erkennen Sie, dass das Ziel erreicht ist?');
    expect(help).toContain('woran Sie erkennen, dass das Ziel erreicht ist');
    expect(ui.goal_definition!['ui:errorLabel'] ?? label).toBe(label);
  });

  it('Markenpositionierung: the help asks for the mission statement in one sentence, as the field does', () => {
    const { help, ui } = files('brandpositioning');
    expect(ui.mission_statement!['ui:title']).toContain('in einem Satz');
    expect(help).toContain('**Mission Statement:** Fassen Sie in einem Satz zusammen');
    expect(help).not.toMatch(/zwei Sätzen/u);
  });

  it('Polaritätenprofil: the help explains 0 as the results put it („hält die Mitte“)', () => {
    const { help, prose } = files('polarityprofile');
    expect(prose.profile!.level_0).toMatch(/ hält sie die Mitte\.$/u);
    expect(help).toMatch(
      /\*\*0\*\*[^\n]* hält die Mitte, [^\n]*weder besonders [^\n]* noch besonders /u,
    );
    expect(help).not.toContain('gleich stark');
  });
});
