/**
 * @module rules/messaging
 * Chat, e-mail and customer-messaging providers: Slack (every token kind and webhooks), Discord, Telegram,
 * Microsoft Teams, Twilio, SendGrid, Mailgun, Mailchimp, Postmark, Sendbird, Intercom, Zendesk, Vonage,
 * Mattermost, MessageBird. Prefixed formats match alone; prefix-less ones only next to the provider's name.
 */
import { assigned, GATED_PLACEHOLDERS, PLACEHOLDERS, UUID } from './shapes.js';
import type { SecretRule } from './types.js';

/**
 * The names Discord's and Telegram's bot tokens go by, one set for both: their rules are then peers that make
 * one attempt between them at each hit (see `Peers`), where prose says `both` every few lines. A token of
 * either shape under the other's name is a bot token all the same.
 */
const BOT_KEYS = ['discord', 'telegr', 'tgram', 'bot'];
/** The keys as the regexes read them: `bot` but not `both`, which prose says every few lines. */
const BOT_KEY = 'discord|telegr|tgram|bot(?!h)';

export const rules: readonly SecretRule[] = [
  {
    id: 'slack-bot-token',
    description: 'Slack bot token (xoxb-<team>-<bot>-<secret>)',
    family: 'messaging',
    keywords: ['xoxb-'],
    regex: /xoxb-[0-9]{10,13}-[0-9]{10,13}[A-Za-z0-9-]{0,100}/,
    examples: {
      positive: [
        'SLACK_BOT_TOKEN=xoxb-179436869266-3777396733202-LH2ZYEPAw68r4p7HzhY77p2d',
        '"bot_token": "xoxb-60357751043-1410485267247-3OYXK05YcGLWVaBI0h9LO"',
      ],
      negative: ['SLACK_BOT_TOKEN=xoxb-your-bot-token', 'xoxb-xxxxxxxxxxx-xxxxxxxxxxxxxxxxxxxxxxxx'],
    },
  },
  {
    id: 'slack-user-token',
    description: 'Slack user or enterprise token (xoxp-/xoxe-)',
    family: 'messaging',
    keywords: ['xoxp-', 'xoxe-'],
    regex: /xox[pe](?:-[0-9]{10,13}){3}-[A-Za-z0-9-]{28,34}(?![A-Za-z0-9])/,
    examples: {
      positive: [
        '"user_token": "xoxp-23765405581-050377519340-080471777007-54f4c42a90ccb2ee530560d553bdb185"',
      ],
      negative: ['xoxp-1234-5678-abcd', 'SLACK_USER_TOKEN=xoxp-...'],
    },
  },
  {
    id: 'slack-app-token',
    description: 'Slack app-level token (xapp-)',
    family: 'messaging',
    keywords: ['xapp-'],
    // The secret part after the last dash may be cut off where a text quotes the token (secretlint's
    // fixture reports `xapp-1-AA2JWS7BEDD-1234576618999`): the prefix and the ids alone still go.
    regex: /xapp-\d-[A-Z0-9]{1,40}-\d{1,40}(?:-[a-z0-9]{1,100})?(?![a-z0-9-])/i,
    examples: {
      positive: [
        'SLACK_APP_TOKEN="xapp-1-AA2JWS7BEDD-1234576618999"',
        'SLACK_APP_TOKEN=xapp-1-AEKCVRR8VHN-6697814174418-86c78c56f1a971d88068a30f3919ae023470b4b6f9ff564c60fa28a52e58260c',
        'credential xapp-1-UJZDE8G-590830166131860913909960308246-j8ht9lgmxg9edn581u33xtplpft75v2seh60kvj5',
      ],
      negative: ['SLACK_APP_TOKEN=xapp-1-...', 'slack apps use xapp- tokens for socket mode'],
    },
  },
  {
    id: 'slack-config-access-token',
    description: 'Slack app configuration access token (xoxe.xoxp-/xoxe.xoxb-)',
    family: 'messaging',
    keywords: ['xoxe.xoxb-', 'xoxe.xoxp-'],
    regex: /xoxe\.xox[bp]-\d-[A-Z0-9]{163,166}(?![A-Z0-9])/i,
    examples: {
      positive: [
        'SLACK_CONFIG_TOKEN=xoxe.xoxp-1-u9MV1849R4hAQfwqykQo4rhexlGMgiBb64R6tzwDuxO3KdhdwwX50t5y5XqlQzf2GLvQBVknxedxemVFYIJUQcFaAr5vEXmvd088w0T1jC92mKrAdBlZMDWLfp1bwlqjMUvAp9UR1M7RWx0JsWSQZIKWDon3ZR5dX6DB',
      ],
      negative: ['xoxe.xoxp-1-RANDOMSTRINGHERE', 'xoxe.xoxp-1-initial'],
    },
  },
  {
    id: 'slack-config-refresh-token',
    description: 'Slack app configuration refresh token (xoxe-1-)',
    family: 'messaging',
    keywords: ['xoxe-'],
    regex: /xoxe-\d-[A-Z0-9]{146}(?![A-Z0-9])/i,
    examples: {
      positive: [
        '"refresh_token": "xoxe-1-gkxhWd9OVlURUOa2FdDm1OxRQ8UzK5EU9yaAk5IiJjfu2G1oQkazWr3Jj6bQt4bVl6ilVi4dRAlr1xkYausL6KVFoQK4ieu3kanOPPzfwWLslOpWSzDg6cYSvZQbJXiixFKU6ktSHapefU2XcD"',
      ],
      negative: ['xoxe-1-xxx'],
    },
  },
  {
    id: 'slack-legacy-bot-token',
    description: 'Slack legacy bot token (xoxb-<bot>-<secret>)',
    family: 'messaging',
    keywords: ['xoxb-'],
    regex: /xoxb-[0-9]{8,14}-[A-Za-z0-9]{18,26}(?![A-Za-z0-9-])/,
    examples: {
      positive: ['token: xoxb-6505817475-N4TYhu8thZwJsmuvAfk5RWbq'],
      negative: ['xoxb-xxxxxxxxxxx-xxxxxxxxxxxxxxxxxxxxxxxx', 'xoxb-Slack_BOT_TOKEN'],
    },
  },
  {
    id: 'slack-legacy-workspace-token',
    description: 'Slack legacy workspace or refresh token (xoxa-/xoxr-)',
    family: 'messaging',
    keywords: ['xoxa-', 'xoxr-'],
    regex: /xox[ar]-(?:\d-)?[0-9A-Za-z]{8,48}(?:-[0-9A-Za-z]{1,48}){0,4}(?![0-9A-Za-z])/,
    entropy: 2.5,
    allowlist: { stopwords: PLACEHOLDERS },
    examples: {
      positive: [
        '"access_token": "xoxa-2-myejtlsj2ifh"',
        'legacy: xoxr-0sf60kz32yjjcu3g',
        '"access_token": "xoxa-2-601895559-79711471049-7465075291703-947ccf25ec84d8dbc7"',
      ],
      negative: ['xoxa-xxxxxxxxxx', 'xoxa-abc'],
    },
  },
  {
    id: 'slack-legacy-token',
    description: 'Slack legacy token (xoxo-/xoxs-)',
    family: 'messaging',
    keywords: ['xoxo-', 'xoxs-'],
    // Also of two long numbers alone, as secretlint's fixtures have them (`xoxo-23984754863-2348975623113`);
    // `xoxo` is a word too (`2018-250-xoxo-indieweb-1.jpg`).
    regex:
      /xox[os]-(?:\d{1,32}-\d{1,32}-\d{1,32}-[a-fA-F0-9]{1,64}(?![a-fA-F0-9])|\d{8,32}-\d{8,32}(?![\w-]))/,
    examples: {
      positive: [
        'token:xoxo-23984754863-2348975623113',
        'SLACK_TOKEN=xoxs-7345458683-04158861072-12071633860-0ce30838c670fe042e1f27ea7923cd90ff55f0149f4c209cacde0f74db638364',
        'credential xoxs-212233079244026-859952890786666176031372-15901092815901396245957-33feff9243a8f506b40928b',
      ],
      negative: ['https://img.example.test/2018-250-xoxo-indieweb-1.jpg', 'xoxo-2019-2020 photos'],
    },
  },
  {
    id: 'slack-webhook-url',
    description: 'Slack incoming webhook or workflow trigger URL',
    family: 'messaging',
    keywords: ['hooks.slack.com'],
    // Or its path alone, where a client's log names the host apart (`https://hooks.slack.com:443 "POST
    // /services/T…/B…/…`).
    regex:
      /(?:https?:\/\/)?hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9+/]{40,120}|(?<=hooks\.slack\.com[^\n/]{0,40}\/services\/T[A-Z0-9]{6,12}\/B[A-Z0-9]{6,12}\/)[A-Za-z0-9]{24}(?![A-Za-z0-9])/,
    allowlist: { stopwords: PLACEHOLDERS },
    examples: {
      positive: [
        'SLACK_WEBHOOK=https://hooks.slack.com/services/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',
        'DEBUG urllib3.connectionpool: https://hooks.slack.com:443 "POST /services/T04KQ2M8R/B06H1N5JX7Q/«a24» HTTP/11" 200 2',
      ],
      negative: [
        'see https://hooks.slack.com/services/ for setup',
        'https://hooks.slack.com/services/T000/B000/XXXXX',
      ],
    },
  },
  {
    id: 'discord-api-token',
    description: 'Discord API key next to a discord key name',
    family: 'messaging',
    keywords: ['discord'],
    regex: assigned('discord', '[a-f0-9]{64}'),
    secretGroup: 1,
    entropy: 3,
    allowlist: { stopwords: GATED_PLACEHOLDERS },
    examples: {
      positive: ['DISCORD_API_KEY="a53468c10b4ad1679487479f95ff8448ed32b424a7dc8136f7c3a2ec22fdbdb1"'],
      negative: ['discord_sha = "0000000000000000000000000000000000000000000000000000000000000000"'],
    },
  },
  {
    id: 'discord-client-id',
    description: 'Discord client (application) id next to a discord key name',
    family: 'messaging',
    keywords: ['discord'],
    regex: assigned('discord', '[0-9]{18}'),
    secretGroup: 1,
    entropy: 2,
    examples: {
      positive: ['discordClientId := "774582346986287831"'],
      negative: ['discord_id = "000000000000000000"', 'discord invite count: 123456789012345678901'],
    },
  },
  {
    id: 'discord-client-secret',
    description: 'Discord client secret next to a discord key name',
    family: 'messaging',
    keywords: ['discord'],
    regex: assigned('discord', '[a-z0-9=_-]{32}'),
    secretGroup: 1,
    entropy: 2,
    allowlist: { stopwords: GATED_PLACEHOLDERS },
    examples: {
      positive: [
        "discord_secret = 'ac9NH1cjNvfRDBCN93IdmGv2LndCVnQI'",
        'DISCORD_CLIENT_SECRET=69233625344650292081550223966456',
      ],
      negative: [
        'discord=00000000000000000000000000000000',
        'DISCORD_CLIENT_SECRET=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
      ],
    },
  },
  {
    id: 'discord-bot-token',
    description: 'Discord bot token (<base64 id>.<timestamp>.<hmac>) next to a bot key name',
    family: 'messaging',
    keywords: BOT_KEYS,
    regex: assigned(BOT_KEY, String.raw`[MNO][A-Za-z0-9_-]{23,25}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,38}`),
    secretGroup: 1,
    examples: {
      positive: [
        'DISCORD_BOT_TOKEN=MvWYJTyRPbwKXdyyUOmk2xZJ.UIUdif.xOnTo_NcQP5tevdkX5VL0CCZ3xi',
        'bot_token: "NlPb4blkglZt9ae9KiQBVNLOjL.18e3EO.npZffzFKZZ_Sl4y9iJqhuaxyFXcOKlNZGnTAyG"',
      ],
      negative: ['DISCORD_BOT_TOKEN=${DISCORD_BOT_TOKEN}', 'bot_version: 1.2.3'],
    },
  },
  {
    id: 'discord-webhook-url',
    description: 'Discord webhook URL (id and token)',
    family: 'messaging',
    keywords: ['discord.com/api/webhooks/', 'discordapp.com/api/webhooks/'],
    regex:
      /https:\/\/(?:ptb\.|canary\.)?discord(?:app)?\.com\/api\/webhooks\/[0-9]{17,20}\/[A-Za-z0-9_-]{60,200}/,
    examples: {
      positive: [
        'webhook: https://discord.com/api/webhooks/6194452248964505495/SYn1jF_9Q2z_4ttdpRGgYvOgf7I5ExmqMQPA3OiitstppgOW19SYxvNHfOATggh3jj0p',
      ],
      negative: ['webhook: https://discord.com/api/webhooks/{id}/{token}'],
    },
  },
  {
    id: 'telegram-bot-api-token',
    description: 'Telegram bot token (<bot id>:<35 chars>) next to a bot key name',
    family: 'messaging',
    keywords: BOT_KEYS,
    regex: assigned(BOT_KEY, '[0-9]{5,16}:A[A-Za-z0-9_-]{34}'),
    secretGroup: 1,
    examples: {
      positive: [
        'TELEGRAM_BOT_TOKEN = 6428253812:AlarxwWxSVFrPpzztiRUQhgaRgFqKHlSBZf',
        'bot_token: "765422640:A9UZA5Qui94jlnMqkEVicqEFVYMBeXtUK03"',
      ],
      negative: ['TELEGRAM_BOT_TOKEN = 123456:ABC-DEF1234ghIkl', 'telegram at 12:30 today'],
    },
  },
  {
    id: 'telegram-bot-constructor-token',
    description: "Telegram bot token given to a bot library's constructor (Telegraf, TeleBot)",
    family: 'messaging',
    keywords: ['telegraf(', 'telebot('],
    // Node's Telegraf and pyTelegramBotAPI's TeleBot. Not `.token(` (python-telegram-bot's builder): every
    // `.token(` of any code would run it, and the generic rule reads a quoted call argument after `token` anyway.
    regex: /(?:telegraf|telebot)\([ \t]{0,4}["'`]([0-9]{5,16}:A[A-Za-z0-9_-]{34})["'`]/i,
    secretGroup: 1,
    anchored: true,
    examples: {
      positive: [
        'const bot = new Telegraf("58071600:Aellpkms2w06_l94xco_wktyxel08dkk1md")',
        "bot = telebot.TeleBot('6428253812:AlarxwWxSVFrPpzztiRUQhgaRgFqKHlSBZf')",
      ],
      negative: ['const bot = new Telegraf(process.env.BOT_TOKEN)', 'bot = telebot.TeleBot("<YOUR_TOKEN>")'],
    },
  },
  {
    id: 'telegram-bot-token',
    description: 'Telegram bot token by its own shape (<bot id>:AA + 33), wherever it stands',
    family: 'messaging',
    keywords: [':aa'],
    // BotFather's tokens: the bot's id, 8-10 digits, then 35 characters that begin `AA` (the docs' own
    // `110201543:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw`). Logs and issues print one with no name before it.
    // In the Bot API's path (`https://api.telegram.org/bot<token>/sendMessage`) it follows `bot`.
    regex: /(?:(?<=\/bot)|(?<![\w:-]))[0-9]{8,10}:AA[A-Za-z0-9_-]{33}(?![\w-])/,
    entropy: 3.5,
    examples: {
      positive: [
        'INFO [telegram-client] initialised with credential 5«d9»:AA«w33» (request_id=8f3a1c)',
        'my bot token `7«d9»:AA«w33»` stopped working',
        'urllib3.connectionpool: https://api.telegram.org:443 "POST /bot6«d9»:AA«w33»/sendMessage HTTP/11" 200',
      ],
      negative: [
        'at 2024061512:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
        'TELEGRAM_BOT_TOKEN=123456:ABC-DEF1234ghIkl',
      ],
    },
  },
  {
    id: 'telegram-bot-api-url',
    description: 'A Telegram bot token in a Bot API URL (api.telegram.org/bot<token>/<method>)',
    family: 'messaging',
    keywords: ['api.telegram.org/bot', 'api.telegram.org/file/bot'],
    // The URL carries the token whole, the bot's id and its secret; logs and curl examples print it so.
    regex: /api\.telegram\.org\/(?:file\/)?bot([0-9]{5,16}:[A-Za-z0-9_-]{30,50})(?![A-Za-z0-9_-])/i,
    secretGroup: 1,
    entropy: 3,
    examples: {
      positive: [
        'curl -s https://api.telegram.org/bot6428253812:«a35»/sendMessage -d chat_id=42',
        'GET https://api.telegram.org/file/bot765422640:«a35»/photos/file_1.jpg',
      ],
      negative: [
        'https://api.telegram.org/bot<token>/getMe',
        'https://api.telegram.org/bot123456:ABC-DEF/getMe',
      ],
    },
  },
  {
    id: 'microsoft-teams-webhook',
    description: 'Microsoft Teams incoming webhook URL (webhook.office.com/webhookb2)',
    family: 'messaging',
    keywords: ['webhook.office.com', 'outlook.office.com/webhook'],
    regex:
      /https:\/\/[a-z0-9-]{1,60}\.(?:webhook\.office|outlook\.office)\.com\/webhookb?2?\/[a-z0-9-]{36}@[a-z0-9-]{36}\/IncomingWebhook\/[a-z0-9]{32}\/[a-z0-9-]{36}(?:\/[A-Za-z0-9_-]{1,80})?/i,
    examples: {
      positive: [
        'TEAMS_WEBHOOK=https://acme.webhook.office.com/webhookb2/bf1a0303-5a5e-4fac-b139-29db99d091a9@e8235d7f-ae4c-458c-974a-3c4bbc5d57af/IncomingWebhook/367f91f0667785faee44fad348f82e88/362d10ba-95e0-47ac-97a4-e757a32e1453',
      ],
      negative: ['post to https://acme.webhook.office.com/webhookb2/<id>@<tenant>/IncomingWebhook/<token>'],
    },
  },
  {
    id: 'twilio-api-key',
    description: 'Twilio API key SID (SK + 32 hex)',
    family: 'messaging',
    keywords: ['sk'],
    regex: /(?<![A-Za-z0-9])SK[0-9a-fA-F]{32}(?![0-9a-fA-F])/,
    examples: {
      positive: ['twilio_token: SKca1e65c75d3e4293e527d056b3fe8999'],
      negative: ['SKIP_CHECKS=true', 'sk_554c69aa8bcb6f283c8498f007c22d34'],
    },
  },
  {
    id: 'twilio-auth-token',
    description: 'Twilio auth token next to a twilio key name',
    family: 'messaging',
    keywords: ['twilio'],
    regex: assigned('twilio', '[a-f0-9]{32}'),
    secretGroup: 1,
    entropy: 3,
    allowlist: { stopwords: GATED_PLACEHOLDERS },
    examples: {
      positive: ['TWILIO_AUTH_TOKEN=9a23845420149d110b1c29da70b39a74'],
      negative: ['TWILIO_AUTH_TOKEN=00000000000000000000000000000000', 'TWILIO_REGION=us1'],
    },
  },
  {
    id: 'sendgrid-api-token',
    description: 'SendGrid API key (SG.<22>.<43>)',
    family: 'messaging',
    keywords: ['sg.'],
    regex: /(?<![A-Za-z0-9_.-])SG\.[A-Za-z0-9=_.-]{66}(?![A-Za-z0-9=_.-])/,
    examples: {
      positive: ['SENDGRID_API_KEY=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'],
      negative: ['SENDGRID_API_KEY=SG.xxxxx.yyyyy', 'see SG.Mail.Send for the class'],
    },
  },
  {
    id: 'sendgrid-api-token-in-word',
    description: 'SendGrid API key glued inside a longer word (…SG.<22>.<43>…)',
    family: 'messaging',
    keywords: ['sg.'],
    // secretlint's fixture has `somSG.<22>.<43>ewhere`: no boundaries, but the two parts and the dot between
    // them mark the format. A rule of its own: as an alternative of the one above, that one lost the search for
    // where its value can end, and 1 MB of `SG.=` ran its regex 66 characters deep at every hit (13 -> 59 ms).
    regex: /SG\.[\w-]{22}\.[\w-]{43}/,
    examples: {
      positive: [
        'somSG.APhb3zgjtx3hajdas1TjBB.H7Sgbba3afgKSDyB442aDK0kpGO3SD332313-L5528Kewhere lost in staging files',
      ],
      negative: ['see SG.Mail.Send for the class', 'MSG.settings.notifications.enabled'],
    },
  },
  {
    id: 'resend-api-key',
    description: 'Resend API key (re_<8>_<24>, base58)',
    family: 'messaging',
    keywords: ['re_'],
    // Both parts are base58 (no 0, O, I or l): the shape and the alphabet mark it without a key name.
    regex: /(?<![A-Za-z0-9_])re_[1-9A-HJ-NP-Za-km-z]{8}_[1-9A-HJ-NP-Za-km-z]{24}(?![A-Za-z0-9_])/,
    entropy: 3,
    allowlist: { stopwords: PLACEHOLDERS },
    examples: {
      positive: [
        'resendToken,re_pjYYDmDY_sRYsWqEzYiA7AgB5ugYUqgNF,',
        'RESEND_API_KEY=re_5ZkTq3Wm_Hd8Rj2VnXp4YbCs7GfLu9EaK',
      ],
      negative: ['re_compile_pattern_for_the_matcher_x', 're_xxxxxxxx_xxxxxxxxxxxxxxxxxxxxxxxx'],
    },
  },
  {
    id: 'mailgun-private-api-token',
    description: 'Mailgun private API key (key- and 32 hex digits) near the word mailgun',
    family: 'messaging',
    keywords: ['mailgun'],
    // `key-` alone is too common a word to scan for, and the key holds nothing else of Mailgun's: the name
    // before it (`MAILGUN_KEY=`) or a note's words around it (`Moving to Mailgun … API key: key-…`) say whose.
    regex: /(?<![\w-])(key-[a-f0-9]{32})(?![\w-])/,
    secretGroup: 1,
    entropy: 3,
    window: { before: 512, after: 512 },
    examples: {
      positive: [
        'string mailgunKey = "key-«h32»";',
        '- Moving receipts from Postmark to Mailgun by end of April.\n- Bilal set up mg.shopwell.co, DKIM verified.\n- API key for now: key-«h32»',
      ],
      negative: ['mailgun_key = "key-<private>"', 'mailgun cache: cache-key-«h32»'],
    },
  },
  {
    id: 'mailgun-pub-key',
    description: 'Mailgun public validation key (pubkey-…) next to a mailgun key name',
    family: 'messaging',
    keywords: ['mailgun'],
    regex: assigned('mailgun', 'pubkey-[a-f0-9]{32}'),
    secretGroup: 1,
    examples: {
      positive: ['MAILGUN_PUBLIC_KEY=pubkey-410376c38081a1e6d60385adad2d1724'],
      negative: ['MAILGUN_PUBLIC_KEY=pubkey-…'],
    },
  },
  {
    id: 'mailgun-signing-key',
    description: 'Mailgun webhook signing key next to a mailgun key name',
    family: 'messaging',
    keywords: ['mailgun'],
    regex: assigned('mailgun', '[a-h0-9]{32}-[a-h0-9]{8}-[a-h0-9]{8}'),
    secretGroup: 1,
    examples: {
      positive: ['MAILGUN_SIGNING_KEY := "97d9b5212ef456700063e3802512549f-9b6415d4-92a11d70"'],
      negative: ['MAILGUN_SIGNING_KEY := "see dashboard"'],
    },
  },
  {
    id: 'mailchimp-api-key',
    description: 'Mailchimp API key (32 hex + -us<dc>)',
    family: 'messaging',
    keywords: ['-us'],
    regex: /(?<![A-Za-z0-9])[a-f0-9]{32}-us[0-9]{1,2}(?![A-Za-z0-9])/,
    entropy: 3,
    examples: {
      positive: ['MAILCHIMP_API_KEY=99183b87103920dfcfacc7fb238eae8b-us21'],
      negative: ['md5=ec7b82debefed7d9d0088d254587ab98', 'region en-us1'],
    },
  },
  {
    id: 'postmark-server-token',
    description: 'Postmark server or account token (UUID) next to a postmark key name',
    family: 'messaging',
    keywords: ['postmark'],
    regex: assigned('postmark', UUID),
    secretGroup: 1,
    examples: {
      positive: ['X-Postmark-Server-Token: 46aff66b-5785-467a-9603-ffb5be1e8bcf'],
      negative: ['postmark_message_stream = "outbound"', 'MessageID: ba929d21-77cd-48df-b150-8161d38b5340'],
    },
  },
  {
    id: 'sendbird-access-id',
    description: 'Sendbird application id (UUID) next to a sendbird key name',
    family: 'messaging',
    keywords: ['sendbird'],
    regex: assigned('sendbird', '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'),
    secretGroup: 1,
    examples: {
      positive: ['sendbird_app_id: "f76cf35f-5a7d-4368-a39a-b19aebfbe2a4"'],
      negative: ['sendbird_region: "us-1"'],
    },
  },
  {
    id: 'sendbird-access-token',
    description: 'Sendbird API token (40 hex) next to a sendbird key name',
    family: 'messaging',
    keywords: ['sendbird'],
    regex: assigned('sendbird', '[a-f0-9]{40}'),
    secretGroup: 1,
    entropy: 3,
    examples: {
      positive: ['SENDBIRD_API_TOKEN=c76e3787e46ecd71eb669039a66ce0a24d479b51'],
      negative: ['SENDBIRD_API_TOKEN=0000000000000000000000000000000000000000'],
    },
  },
  {
    id: 'intercom-api-key',
    description: 'Intercom access token next to an intercom key name',
    family: 'messaging',
    keywords: ['intercom'],
    regex: assigned('intercom', '[a-z0-9=_-]{60}'),
    secretGroup: 1,
    entropy: 3.5,
    allowlist: { stopwords: GATED_PLACEHOLDERS },
    examples: {
      positive: ['INTERCOM_ACCESS_TOKEN=XE8_0NMEa2pKdlbJ0emJcFVL1fvkJeWS8hsd3xiQM637h5oE5yq6mZ_Opn=='],
      negative: ['INTERCOM_ACCESS_TOKEN=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'],
    },
  },
  {
    id: 'zendesk-secret-key',
    description: 'Zendesk API token next to a zendesk key name',
    family: 'messaging',
    keywords: ['zendesk'],
    regex: assigned('zendesk', '[a-z0-9]{40}'),
    secretGroup: 1,
    entropy: 3.5,
    allowlist: { stopwords: GATED_PLACEHOLDERS },
    examples: {
      positive: ['ZENDESK_API_TOKEN="Ixvd6Glct1HefvQbzZB1X886ECTlDFevCpFDT5Sg"'],
      negative: ['ZENDESK_SUBDOMAIN="acme"'],
    },
  },
  {
    id: 'vonage-api-secret',
    description: 'Vonage (Nexmo) API secret next to a vonage/nexmo key name',
    family: 'messaging',
    keywords: ['vonage', 'nexmo'],
    regex: assigned('vonage|nexmo', '[A-Za-z0-9]{16}'),
    secretGroup: 1,
    entropy: 3,
    allowlist: { stopwords: GATED_PLACEHOLDERS },
    examples: {
      positive: ['NEXMO_API_SECRET=VSrGh7oDHO9nY6Vs', 'vonage_api_secret: "R6k0cQo7bZcOaZEZ"'],
      negative: ['VONAGE_API_SECRET=aaaaaaaaaaaaaaaa'],
    },
  },
  {
    id: 'mattermost-access-token',
    description: 'Mattermost personal access token next to a mattermost key name',
    family: 'messaging',
    keywords: ['mattermost'],
    regex: assigned('mattermost', '[a-z0-9]{26}'),
    secretGroup: 1,
    entropy: 3,
    allowlist: { stopwords: GATED_PLACEHOLDERS },
    examples: {
      positive: ['MATTERMOST_TOKEN=k5koarxnj8oq0zp1ekjpkpvy5p'],
      negative: ['MATTERMOST_TEAM=engineering'],
    },
  },
  {
    id: 'messagebird-api-token',
    description: 'MessageBird access key next to a messagebird key name',
    family: 'messaging',
    keywords: ['messagebird', 'message-bird', 'message_bird'],
    regex: assigned('message[_-]?bird', '[a-z0-9]{25}'),
    secretGroup: 1,
    entropy: 3,
    allowlist: { stopwords: GATED_PLACEHOLDERS },
    examples: {
      positive: ['MESSAGEBIRD_ACCESS_KEY=okB7rfcDhDCSyEiDveJ2ciBj3'],
      negative: ['messagebird_originator = "AcmeShop"'],
    },
  },
  {
    id: 'messagebird-client-id',
    description: 'MessageBird OAuth client id (a UUID) next to a messagebird key name',
    family: 'messaging',
    keywords: ['messagebird', 'message-bird', 'message_bird'],
    regex: assigned('message[_-]?bird', UUID),
    secretGroup: 1,
    allowlist: { stopwords: GATED_PLACEHOLDERS },
    examples: {
      positive: ['const MessageBirdClientID = "«h8»-«h4»-«h4»-«h4»-«h12»"'],
      negative: ['messagebird_client_id = "00000000-0000-0000-0000-000000000000"'],
    },
  },
  {
    id: 'sendinblue-api-token',
    description: 'Brevo (Sendinblue) API key (xkeysib-)',
    family: 'messaging',
    keywords: ['xkeysib-'],
    regex: /(?<![A-Za-z0-9])xkeysib-[a-f0-9]{64}-[A-Za-z0-9]{16}(?![A-Za-z0-9])/,
    examples: {
      positive: [
        'BREVO_API_KEY=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',
      ],
      negative: ['BREVO_API_KEY=xkeysib-...'],
    },
  },
  {
    id: 'nats-nkey-seed',
    description:
      "A NATS NKEY seed (SU…, SA…, SO…: a user's, account's or operator's private key), by its shape",
    family: 'messaging',
    // 58 characters of base32: the seed prefix and the key's type make its first three (`SUA` a user's), the
    // 32-byte key and a checksum the rest. A creds file prints it under `BEGIN USER NKEY SEED`.
    keywords: ['sua', 'saa', 'soa'],
    regex: /(?<![A-Z2-7])(S[UAO]A[A-Z2-7]{55})(?![A-Z2-7])/,
    secretGroup: 1,
    anchored: true,
    entropy: 3.5,
    examples: {
      positive: ['-----BEGIN USER NKEY SEED-----\nSUA«A55»\n------END USER NKEY SEED------'],
      negative: ['SUAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'SUAVE is a word'],
    },
  },
];
