/**
 * @module secrets/key-names
 * Whether a name (an object's key, a table column's header) says the value under it is a credential. A cheap
 * first test: what stands under such a name is then read by the rules as `"<name>": "<value>"`, and their
 * checks decide.
 */

/**
 * Key names under which a value is a credential whatever it looks like, also in other languages
 * (`Kennwort`, `contraseña`, `senha`; `Passwort` and `mot de passe` hold `pass`) and scripts (`初期パスワード`,
 * `登录密码`, `口令`, `Пароль`).
 */
const SECRETISH_KEY =
  /pass|secret|token|api[-_]?key|private[-_]?key|access[-_]?key|^key$|auth(?!or)|credential|cookie|session[-_]?id|signature|bearer|kennwort|wachtwoord|contrase|senha|senord|heslo|jelsz|parola|salasana|adgangskode|hasło|şifre|パスワード|暗証|密[码碼钥]|口令|令牌|トークン|비밀번호|암호|토큰|пароль|гасло|токен|κωδικ|كلمة المرور|סיסמ|पासवर्ड|รหัสผ่าน/i;

/** Key names repeat across a result (`title`, `author`...): the answer is kept per name, bounded. */
const secretishCache = new Map<string, boolean>();

export function isSecretishKey(key: string): boolean {
  let answer = secretishCache.get(key);
  if (answer === undefined) {
    answer = SECRETISH_KEY.test(key);
    if (secretishCache.size >= 4096) secretishCache.clear();
    secretishCache.set(key, answer);
  }
  return answer;
}
