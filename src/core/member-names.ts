/**
 * @module core/member-names
 * The name an object's member goes through masking under. It is the member's key (`withKeyContext` frames
 * `"password": "…"` for the rules), except where the object says otherwise:
 * - a name-value pair, `{"name": "DB_PASSWORD", "value": "…"}`: the value goes under the name, as a text
 *   rendering `DB_PASSWORD: …` shows it. A Kubernetes container's env, an ECS task definition, a
 *   CloudFormation parameter (`ParameterKey`, `ParameterValue`) and a HAR header hold secrets so;
 * - an SSM parameter of type SecureString, whose value is a secret by its own declaration;
 * - a Kubernetes Secret, every member of whose `data` and `stringData` is a secret (`DB_URL`, `config.yaml`).
 * The last two go under a secret's name, so that the rules judge them as a secret-named key's value.
 */

/** A name that marks its value as a secret. */
export const SECRET_NAME = 'secret';

/** The `value` member of a name-value pair and the name it goes under, if `obj` is such a pair. */
export function namedValue(obj: Record<string, unknown>): { valueKey: string; name: string } | undefined {
  const valueKey =
    typeof obj.value === 'string'
      ? 'value'
      : typeof obj.Value === 'string'
        ? 'Value'
        : typeof obj.ParameterValue === 'string'
          ? 'ParameterValue'
          : undefined;
  if (valueKey === undefined) return undefined;
  const name =
    obj.Type === 'SecureString'
      ? SECRET_NAME
      : (obj.name ?? obj.Name ?? obj.key ?? obj.Key ?? obj.ParameterKey);
  return typeof name === 'string' ? { valueKey, name } : undefined;
}

/** Is `obj` a Kubernetes Secret, whose data members are all secrets? */
export function holdsSecrets(obj: Record<string, unknown>): boolean {
  return obj.kind === 'Secret' && typeof obj.apiVersion === 'string';
}

/** Is `key` one of a Kubernetes Secret's members that hold its data? */
export function isSecretData(key: string): boolean {
  return key === 'data' || key === 'stringData';
}
