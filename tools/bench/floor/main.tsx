/**
 * The floor of the typing benchmark: a plain React 19 controlled form with the persona's fields
 * and nothing else (no router, no store, no schema form, no validation, no CSS). Every keystroke
 * updates the form's state, like the questionnaire's forms do.
 */
import { useState, type ChangeEvent } from 'react';
import { createRoot } from 'react-dom/client';
import personas from '../../../presets/personas.de.json';

interface Option {
  key: string;
  label: string;
}

interface Persona {
  name: string;
  gender: string;
  avatar: string;
  age: string;
  education: string;
  family_status: string;
  children: string;
  job: string;
  job_definition: string;
  income: string;
  personal_values: string[];
  media_usage: string[];
  hobbies: string;
  product_requirements: string;
}

const EMPTY: Persona = {
  name: '',
  gender: '',
  avatar: '',
  age: '',
  education: '',
  family_status: '',
  children: '',
  job: '',
  job_definition: '',
  income: '',
  personal_values: [],
  media_usage: [],
  hobbies: '',
  product_requirements: '',
};

type TextKey = Exclude<keyof Persona, 'personal_values' | 'media_usage'>;
type ListKey = 'personal_values' | 'media_usage';

function Select(props: {
  name: TextKey;
  label: string;
  options: Option[];
  value: string;
  onChange: (name: TextKey, value: string) => void;
}) {
  return (
    <p>
      <label htmlFor={props.name}>{props.label}</label>
      <select
        id={props.name}
        value={props.value}
        onChange={(event) => props.onChange(props.name, event.target.value)}
      >
        <option value="">Bitte wählen</option>
        {props.options.map((option) => (
          <option key={option.key} value={option.key}>
            {option.label}
          </option>
        ))}
      </select>
    </p>
  );
}

function Checkboxes(props: {
  name: ListKey;
  label: string;
  options: Option[];
  value: string[];
  onToggle: (name: ListKey, key: string) => void;
}) {
  return (
    <fieldset>
      <legend>{props.label}</legend>
      {props.options.map((option) => (
        <label key={option.key}>
          <input
            type="checkbox"
            checked={props.value.includes(option.key)}
            onChange={() => props.onToggle(props.name, option.key)}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

function PersonaForm() {
  const [persona, setPersona] = useState<Persona>(EMPTY);
  const set = (name: TextKey, value: string) =>
    setPersona((previous) => ({ ...previous, [name]: value }));
  const text = (name: TextKey) => ({
    id: name,
    value: persona[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      set(name, event.target.value),
  });
  const toggle = (name: ListKey, key: string) =>
    setPersona((previous) => ({
      ...previous,
      [name]: previous[name].includes(key)
        ? previous[name].filter((value) => value !== key)
        : [...previous[name], key],
    }));
  return (
    <form onSubmit={(event) => event.preventDefault()}>
      <h1>Neue Persona</h1>
      <p>
        <label htmlFor="name">Name</label>
        <input type="text" {...text('name')} />
      </p>
      <Select
        name="gender"
        label="Geschlecht"
        options={personas.gender}
        value={persona.gender}
        onChange={set}
      />
      <Select
        name="avatar"
        label="Avatar"
        options={personas.avatars}
        value={persona.avatar}
        onChange={set}
      />
      <p>
        <label htmlFor="age">Alter</label>
        <input type="number" min={1} max={99} {...text('age')} />
      </p>
      <Select
        name="education"
        label="Höchster Bildungsabschluss"
        options={personas.education}
        value={persona.education}
        onChange={set}
      />
      <Select
        name="family_status"
        label="Familienstand"
        options={personas.family_status}
        value={persona.family_status}
        onChange={set}
      />
      <Select
        name="children"
        label="Kinder"
        options={personas.children}
        value={persona.children}
        onChange={set}
      />
      <Select
        name="job"
        label="Branche"
        options={personas.job}
        value={persona.job}
        onChange={set}
      />
      <p>
        <label htmlFor="job_definition">Beruf</label>
        <input type="text" {...text('job_definition')} />
      </p>
      <Select
        name="income"
        label="Nettoeinkommen im Monat"
        options={personas.income}
        value={persona.income}
        onChange={set}
      />
      <Checkboxes
        name="personal_values"
        label="Persönliche Werte"
        options={personas.personal_values}
        value={persona.personal_values}
        onToggle={toggle}
      />
      <Checkboxes
        name="media_usage"
        label="Internet- und Mediennutzung"
        options={personas.media_usage}
        value={persona.media_usage}
        onToggle={toggle}
      />
      <p>
        <label htmlFor="hobbies">Hobbys</label>
        <textarea rows={3} {...text('hobbies')} />
      </p>
      <p>
        <label htmlFor="product_requirements">Was erwartet die Persona von Ihrem Produkt?</label>
        <textarea rows={5} {...text('product_requirements')} />
      </p>
      <button type="submit">Hinzufügen</button>
    </form>
  );
}

createRoot(document.getElementById('root')!).render(<PersonaForm />);
