import { getDefaultRegistry } from '@rjsf/core';
import type {
  ErrorSchema,
  FieldPathId,
  FieldProps,
  ObjectFieldTemplatePropertyType,
  RJSFSchema,
  UiSchema,
} from '@rjsf/utils';
import {
  deepEquals,
  getTemplate,
  getUiOptions,
  getWidget,
  orderProperties,
  toFieldPathId,
} from '@rjsf/utils';
import { memo, useCallback, useMemo, useRef } from 'react';

const RjsfObjectField = getDefaultRegistry().fields.ObjectField!;

/** Keywords that make an object's fields depend on its data (rjsf resolves them per change). */
const CONDITIONAL = ['if', 'allOf', 'anyOf', 'oneOf', 'dependencies', 'dependentSchemas', '$ref'];

const isPlainObjectSchema = (schema: RJSFSchema) =>
  typeof schema.properties === 'object' &&
  !schema.additionalProperties &&
  !schema.patternProperties;

const hasConditions = (schema: RJSFSchema) => CONDITIONAL.some((keyword) => keyword in schema);

/**
 * The form's schema as rjsf resolves it for the current data, with the same field schema objects
 * as before wherever a field's schema did not change. rjsf hands the root field a freshly resolved
 * copy on every change; a schema without conditions resolves to itself, so the form's own root
 * schema serves. A conditional one is resolved again (a branch may switch), and only the fields
 * whose resolved schema differs get a new object.
 */
function useStableSchema(
  rootSchema: RJSFSchema,
  formData: unknown,
  registry: FieldProps['registry'],
): RJSFSchema {
  const previous = useRef<RJSFSchema | undefined>(undefined);
  if (!hasConditions(rootSchema)) return rootSchema;
  const resolved = registry.schemaUtils.retrieveSchema(rootSchema, formData as never, true);
  const before = previous.current;
  const properties = { ...(resolved.properties ?? {}) };
  let same = Boolean(before);
  for (const [name, property] of Object.entries(properties)) {
    const old = before?.properties?.[name];
    if (old !== undefined && deepEquals(old, property)) properties[name] = old;
    else same = false;
  }
  if (same && Object.keys(before!.properties ?? {}).length === Object.keys(properties).length) {
    const { properties: _old, ...restBefore } = before!;
    const { properties: _new, ...restResolved } = resolved;
    if (deepEquals(restBefore, restResolved)) return before!;
  }
  const stable = { ...resolved, properties };
  previous.current = stable;
  return stable;
}

interface PropertyProps {
  field: FieldProps['registry']['fields'][string];
  name: string;
  required: boolean;
  schema: RJSFSchema;
  uiSchema: UiSchema | undefined;
  errorSchema: ErrorSchema | undefined;
  fieldPathId: FieldPathId;
  formData: unknown;
  onChange: FieldProps['onChange'];
  onBlur: FieldProps['onBlur'];
  onFocus: FieldProps['onFocus'];
  registry: FieldProps['registry'];
  disabled: boolean | undefined;
  readonly: boolean | undefined;
  hideError: boolean | undefined;
}

/**
 * One field of the object. Memoized on its own props, all of which keep their identity while
 * another field changes: a keystroke renders the field typed into, not its siblings.
 */
const Property = memo(function Property({ field: SchemaField, ...props }: PropertyProps) {
  return <SchemaField {...props} />;
});

/**
 * rjsf's object field, for the flat object at the root of each form of the definition, with fields that render
 * only when their own value, message, schema or state changes. rjsf's own field resolves the
 * schema again on every change and hands each field a new schema object, so every field of the
 * form compares its props deeply on each keystroke. Nested objects and objects with additional or
 * pattern properties go to rjsf's field; an object with a `ui:widget` (the range) to its widget.
 */
export function ObjectField(props: FieldProps) {
  const { schema, fieldPathId, registry, uiSchema } = props;
  const widget = getUiOptions(uiSchema).widget;
  if (typeof widget === 'string' && Object.hasOwn(registry.widgets, widget))
    return <ObjectAsWidget {...props} widget={widget} />;
  const isRoot = fieldPathId.path.length === 0 && registry.rootSchema.type === 'object';
  if (!isRoot || !isPlainObjectSchema(schema) || !isPlainObjectSchema(registry.rootSchema))
    return <RjsfObjectField {...props} />;
  return <PlainObjectField {...props} />;
}

function PlainObjectField({
  uiSchema = {},
  formData,
  errorSchema,
  fieldPathId,
  name,
  title,
  required = false,
  disabled,
  readonly,
  hideError,
  onChange,
  onBlur,
  onFocus,
  registry,
}: FieldProps) {
  const schema = useStableSchema(registry.rootSchema, formData, registry);
  const uiOptions = useMemo(
    () => getUiOptions(uiSchema, registry.globalUiOptions),
    [uiSchema, registry.globalUiOptions],
  );
  const order = useMemo(
    () => orderProperties(Object.keys(schema.properties ?? {}), uiOptions.order),
    [schema.properties, uiOptions.order],
  );
  // One id per field, kept while the form lives.
  const ids = useMemo(
    () =>
      Object.fromEntries(
        order.map((property) => [
          property,
          toFieldPathId(property, registry.globalFormOptions, fieldPathId.path),
        ]),
      ) as Record<string, FieldPathId>,
    [order, registry.globalFormOptions, fieldPathId.path],
  );
  // Which fields are hidden, worked out once per uiSchema rather than for every field per keystroke.
  const hidden = useMemo(
    () =>
      new Set(
        order.filter(
          (property) =>
            getUiOptions(uiSchema[property] as UiSchema | undefined).widget === 'hidden',
        ),
      ),
    [order, uiSchema],
  );
  const data = (formData ?? {}) as Record<string, unknown>;
  const errors = errorSchema as Record<string, ErrorSchema | undefined> | undefined;
  const Template = getTemplate('ObjectFieldTemplate', registry, uiOptions);
  const properties: ObjectFieldTemplatePropertyType[] = order.map((property) => {
    const fieldUiSchema = uiSchema[property] as UiSchema | undefined;
    return {
      name: property,
      readonly,
      disabled,
      required,
      hidden: hidden.has(property),
      content: (
        <Property
          key={property}
          field={registry.fields.SchemaField!}
          name={property}
          required={Array.isArray(schema.required) && schema.required.includes(property)}
          schema={(schema.properties?.[property] ?? {}) as RJSFSchema}
          uiSchema={fieldUiSchema}
          errorSchema={errors?.[property]}
          fieldPathId={ids[property]!}
          formData={data[property]}
          onChange={onChange}
          onBlur={onBlur}
          onFocus={onFocus}
          registry={registry}
          disabled={disabled}
          readonly={readonly}
          hideError={hideError}
        />
      ),
    };
  });
  return (
    <Template
      title={uiOptions.label === false ? '' : (uiOptions.title ?? schema.title ?? title ?? name)}
      description={
        uiOptions.label === false ? undefined : (uiOptions.description ?? schema.description)
      }
      properties={properties}
      readonly={readonly}
      disabled={disabled}
      required={required}
      fieldPathId={fieldPathId}
      uiSchema={uiSchema}
      errorSchema={errorSchema}
      schema={schema}
      formData={formData}
      registry={registry}
      onAddProperty={() => undefined}
    />
  );
}

/**
 * An object edited by one widget of its own (`"ui:widget": "range"`): rjsf gives widgets to
 * strings, numbers and arrays only, so this hands the object's value to the widget as rjsf's
 * StringField does, and the widget reports the whole object back.
 */
function ObjectAsWidget({
  widget,
  schema,
  name,
  uiSchema,
  fieldPathId,
  formData,
  required,
  disabled = false,
  readonly = false,
  autofocus = false,
  onChange,
  onBlur,
  onFocus,
  registry,
  rawErrors,
  hideError,
  title,
}: FieldProps & { widget: string }) {
  const { widget: _widget, placeholder = '', title: uiTitle, ...options } = getUiOptions(uiSchema);
  const Widget = getWidget(schema, widget, registry.widgets);
  const path = fieldPathId.path;
  const onWidgetChange = useCallback(
    (value: unknown, errorSchema?: ErrorSchema, id?: string) =>
      onChange(value, path, errorSchema, id),
    [onChange, path],
  );
  return (
    <Widget
      options={options}
      schema={schema}
      uiSchema={uiSchema}
      id={fieldPathId.$id}
      name={name}
      label={uiTitle ?? title ?? schema.title ?? name}
      hideError={hideError}
      value={formData}
      onChange={onWidgetChange}
      onBlur={onBlur}
      onFocus={onFocus}
      required={required}
      disabled={disabled}
      readonly={readonly}
      autofocus={autofocus}
      registry={registry}
      placeholder={placeholder}
      rawErrors={rawErrors}
      htmlName={fieldPathId.name}
    />
  );
}
