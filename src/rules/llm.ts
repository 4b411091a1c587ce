/**
 * @module rules/llm
 * Model and AI-platform providers: OpenAI (user, project, service-account, admin keys), Anthropic (API and
 * admin keys, OAuth tokens, session keys, Claude Code session URLs), Hugging Face, Cohere, Groq, Replicate,
 * Mistral, Perplexity, DeepSeek, xAI, OpenRouter, Vercel AI Gateway, Together, Fireworks, LangSmith, Pinecone,
 * ElevenLabs, Weights & Biases, Langfuse. Google `AIza` keys are the gcp family's.
 */
import { assigned, GATED_PLACEHOLDERS, PLACEHOLDERS, UUID } from './shapes.js';
import type { SecretRule } from './types.js';

export const rules: readonly SecretRule[] = [
  {
    id: 'openai-api-key',
    description: 'OpenAI API key carrying the T3BlbkFJ marker (user, project, service-account or admin)',
    family: 'llm',
    keywords: ['t3blbkfj'],
    regex:
      /(?<![A-Za-z0-9_-])sk-(?:(?:proj|svcacct|admin)-)?[A-Za-z0-9_-]{16,200}T3BlbkFJ[A-Za-z0-9_-]{16,200}/,
    examples: {
      positive: [
        'OPENAI_API_KEY=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',
        'Authorization: Bearer sk-proj-tjO3pREWeOvLD9DeHVM4TNuk2nZHa_9LBBtn9zgbfOsUn9WAqJYdVt6ttWscT3BlbkFJU0UBEAxVAzdtHk-wWANXrLSMPyyT5QVfi7eRtNmPOExcExgQsBdSMsbWuob_ij5mYHe79xUWhGGbHctf',
        '{"openai": "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"}',
      ],
      negative: ['api_key: "sk-..."', 'the marker T3BlbkFJ is base64 for "OpenAI"'],
    },
  },
  {
    id: 'openai-project-api-key',
    description:
      'OpenAI project, service-account or admin key without the marker (sk-proj-/sk-svcacct-/sk-admin-)',
    family: 'llm',
    keywords: ['sk-proj-', 'sk-svcacct-', 'sk-admin-'],
    regex: /(?<![A-Za-z0-9_-])sk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{40,250}(?![A-Za-z0-9_-])/,
    entropy: 3.5,
    allowlist: { stopwords: PLACEHOLDERS },
    examples: {
      positive: [
        'OPENAI_API_KEY="sk-proj-CJmh0wPkhvRecOiSf7H0JBkZRoS3bxZVv-JHyNiHkfp8xaZvg0rfDhN4Q10UPaY7fvUQf6iIU4qeEsqhmc4notKi9MfFCyOsJGsagLctQPQuq5sdAgxIkw0O"',
      ],
      negative: [
        'OPENAI_API_KEY="sk-proj-..."',
        'sk-proj-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
      ],
    },
  },
  {
    id: 'anthropic-api-key',
    description: 'Anthropic API key (sk-ant-api03- + 93 + AA)',
    family: 'llm',
    keywords: ['sk-ant-api'],
    // 108 characters ending in `AA`, as every key issued so far; another end is no key of this format.
    regex: /(?<![A-Za-z0-9])sk-ant-api\d{2}-[A-Za-z0-9_-]{93}AA(?![A-Za-z0-9_-])/,
    examples: {
      positive: [
        'ANTHROPIC_API_KEY="sk-ant-api03-FNmwDQ35jKkF1NtCgsdvbvnkFJtxAZiQjKO2JjMmduNRji3we_0yV3G0P3nOWDF_89A-di-9PSj0sKRa8orDVQriEszPfAA"',
        'x-api-key: sk-ant-api03-«w93»AA',
      ],
      negative: [
        'ANTHROPIC_API_KEY=sk-ant-api03-...',
        'export const MODEL = "claude-3-opus-20240229";',
        'sk-ant-api03-«w93»BB',
      ],
    },
  },
  {
    id: 'anthropic-admin-api-key',
    description: 'Anthropic Admin API key (sk-ant-admin01- + 93 + AA)',
    family: 'llm',
    keywords: ['sk-ant-admin'],
    regex: /(?<![A-Za-z0-9])sk-ant-admin\d{2}-[A-Za-z0-9_-]{93}AA(?![A-Za-z0-9_-])/,
    examples: {
      positive: [
        'ANTHROPIC_ADMIN_KEY=sk-ant-admin01-z8IERJnxHRTlkCSt4VcfDJ4-BbJ6nIabhoB2xb4qp0QzAUsZ6HOucoc1PP7os-mOmbopqaCO44KuZ2UtTBiOzyC777DQuAA',
      ],
      negative: ['ANTHROPIC_ADMIN_KEY=sk-ant-admin01-<key>', 'sk-ant-admin01-«w93»BB'],
    },
  },
  {
    id: 'anthropic-oauth-token',
    description:
      'Anthropic OAuth access or refresh token (sk-ant-oat01-, sk-ant-ort01-; Claude Code setup-token) or claude.ai session key (sk-ant-sid01-)',
    family: 'llm',
    keywords: ['sk-ant-oat', 'sk-ant-ort', 'sk-ant-sid'],
    regex: /(?<![A-Za-z0-9])sk-ant-(?:oat|ort|sid)\d{2}-[A-Za-z0-9_-]{40,200}(?![A-Za-z0-9_-])/,
    entropy: 3.5,
    examples: {
      positive: [
        'CLAUDE_CODE_OAUTH_TOKEN="sk-ant-oat01-«w95»"',
        '"refreshToken": "sk-ant-ort01-«w100»"',
        'Cookie: sessionKey=sk-ant-sid01-«w86»AA',
      ],
      negative: ['anthropic_token = "sk-ant-oat01-tooShort"', 'CLAUDE_CODE_OAUTH_TOKEN=sk-ant-oat01-...'],
    },
  },
  {
    id: 'claude-code-session-url',
    description: 'Claude Code remote session URL (claude.ai/code/session_…), which opens the live session',
    family: 'llm',
    keywords: ['claude.ai/code/session_'],
    regex: /claude\.ai\/code\/(session_[A-Za-z0-9]{16,100})(?![A-Za-z0-9])/i,
    secretGroup: 1,
    examples: {
      positive: [
        'see https://claude.ai/code/session_«a24» for context',
        'https://CLAUDE.AI/code/session_«a26»/',
      ],
      negative: ['https://claude.ai/code/session_short', 'https://claude.ai/chat/session_«a24»'],
    },
  },
  {
    id: 'huggingface-access-token',
    description: 'Hugging Face user access token (hf_)',
    family: 'llm',
    keywords: ['hf_'],
    // Not before `_`: `&hf_servingcellpriorityparametersdescription_h_prio` is a C name.
    regex: /(?<![A-Za-z0-9])hf_[A-Za-z0-9]{34,40}(?![A-Za-z0-9_])/,
    entropy: 3,
    allowlist: { stopwords: PLACEHOLDERS },
    examples: {
      positive: [
        'huggingface-cli login --token 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',
        'HF_TOKEN=hf_MtNW5YHL5VzexKO0KR2UGi1y6iQeyzY4GgzGe',
      ],
      negative: ['HF_TOKEN=hf_abc', 'HF_TOKEN=hf_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'],
    },
  },
  {
    id: 'huggingface-organization-api-token',
    description: 'Hugging Face organization API token (api_org_)',
    family: 'llm',
    keywords: ['api_org_'],
    regex: /(?<![A-Za-z0-9])api_org_[A-Za-z0-9]{34}(?![A-Za-z0-9])/,
    entropy: 3,
    examples: {
      positive: ['HF_ORG_TOKEN=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'],
      negative: ['HF_ORG_TOKEN=api_org_name'],
    },
  },
  {
    id: 'cohere-api-token',
    description: 'Cohere API key next to a cohere or CO_API_KEY name',
    family: 'llm',
    keywords: ['cohere', 'co_api_key'],
    regex: assigned('cohere|co_api_key', '[A-Za-z0-9]{40}'),
    secretGroup: 1,
    entropy: 4,
    allowlist: { stopwords: GATED_PLACEHOLDERS },
    examples: {
      positive: [
        'export CO_API_KEY=eo1hTvBC20w4YLJUoFUz63PoFE11BqMiuCTSRaPX',
        'cohere_api_key: "U9CjHhXok4tBsijubfbe0uConQHGicg3nDh6gCBN"',
      ],
      negative: ['CO_API_KEY=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'cohere_model: "command-r-plus"'],
    },
  },
  {
    id: 'groq-api-key',
    description: 'Groq API key (gsk_)',
    family: 'llm',
    keywords: ['gsk_'],
    // Groq's keys carry 52 characters after the prefix; gitleaks' format says 48. One that goes on with `-` or
    // `_` is another format (secretlint's fixture of a dash inside), not a key cut short.
    regex: /(?<![A-Za-z0-9])gsk_[A-Za-z0-9]{48,52}(?![\w-])/,
    allowlist: { stopwords: PLACEHOLDERS },
    examples: {
      positive: [
        'GROQ_API_KEY=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',
        'groqToken,gsk_ovop0dclojxskry0d5haz0w9xp7hjfw86guvogdj737gxscy,',
      ],
      negative: [
        'GROQ_API_KEY=gsk_abc123',
        'gsk_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
        'gsk_aBcDeFgHiJkLmNoPqRsT1234567890abcdefghijklmnopqrs-uv',
      ],
    },
  },
  {
    id: 'replicate-api-token',
    description: 'Replicate API token (r8_)',
    family: 'llm',
    keywords: ['r8_'],
    // Replicate's tokens carry 37 characters after the prefix; gitleaks' format says 40.
    regex: /(?<![A-Za-z0-9])r8_[A-Za-z0-9]{37,40}(?![\w-])/,
    entropy: 3,
    allowlist: { stopwords: PLACEHOLDERS },
    examples: {
      positive: [
        'REPLICATE_API_TOKEN=r8_PpnykSGFVHt7w3a2igqK13VFZFEDyDXmM7xqc',
        'replicateToken,r8_vzf3sk6svonp7bp316y9wepqqxclw7qehkcfk5dx,',
      ],
      negative: ['REPLICATE_API_TOKEN=r8_...', 'r8_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'],
    },
  },
  {
    id: 'mistral-api-key',
    description: 'Mistral AI API key next to a mistral key name',
    family: 'llm',
    keywords: ['mistral'],
    regex: assigned('mistral', '[A-Za-z0-9]{32}'),
    secretGroup: 1,
    entropy: 3.5,
    allowlist: { stopwords: GATED_PLACEHOLDERS },
    examples: {
      positive: ['MISTRAL_API_KEY=bM0M1giZNGig9GFYWo91GVkCS2j06LSB'],
      negative: [
        'MISTRAL_API_KEY=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
        'mistral_model = "mistral-large-latest"',
      ],
    },
  },
  {
    id: 'perplexity-api-key',
    description: 'Perplexity API key (pplx-)',
    family: 'llm',
    keywords: ['pplx-'],
    regex: /(?<![A-Za-z0-9])pplx-\w{48}(?!\w)/,
    allowlist: { stopwords: PLACEHOLDERS },
    examples: {
      positive: ['PERPLEXITY_API_KEY=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'],
      negative: ['PERPLEXITY_API_KEY=pplx-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'],
    },
  },
  {
    id: 'deepseek-api-key',
    description: 'DeepSeek API key (sk- + 32 hex) next to a deepseek key name',
    family: 'llm',
    keywords: ['deepseek'],
    regex: assigned('deepseek', 'sk-[a-f0-9]{32}'),
    secretGroup: 1,
    examples: {
      positive: ['DEEPSEEK_API_KEY=sk-a3931b3147e01bc5880f0495d8a37ddb'],
      negative: ['DEEPSEEK_API_KEY=sk-...', 'deepseek_model: deepseek-chat'],
    },
  },
  {
    id: 'xai-api-key',
    description: 'xAI (Grok) API key (xai-)',
    family: 'llm',
    keywords: ['xai-'],
    regex: /(?<![A-Za-z0-9])xai-[A-Za-z0-9]{80}(?![A-Za-z0-9])/,
    entropy: 3.5,
    examples: {
      positive: [
        'XAI_API_KEY=xai-CgQIdYKrKfdyjnDn6Mgt5kReyQajEppHE4IdaRVJo6O3xXL6CEakyuFGgxbfpooxXD4CZzmC9TvxQ9hv',
      ],
      negative: ['XAI_API_KEY=xai-...', 'model: grok-2 via xai-sdk'],
    },
  },
  {
    id: 'openrouter-api-key',
    description: 'OpenRouter API key (sk-or-v1-)',
    family: 'llm',
    keywords: ['sk-or-'],
    // `v1` is the version OpenRouter issues; gitleaks' format leaves the version out too.
    regex: /(?<![A-Za-z0-9])sk-or-(?:v\d{1,16}-)?[a-f0-9]{64}(?![a-f0-9])/,
    examples: {
      positive: [
        'OPENROUTER_API_KEY=sk-or-«h64»',
        'OPENROUTER_API_KEY=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',
      ],
      negative: ['OPENROUTER_API_KEY=sk-or-v1-...'],
    },
  },
  {
    id: 'vercel-ai-gateway-api-key',
    description: 'Vercel AI Gateway API key (vck_)',
    family: 'llm',
    keywords: ['vck_'],
    regex: /(?<![A-Za-z0-9])vck_[A-Za-z0-9]{24,100}(?![A-Za-z0-9])/,
    entropy: 3,
    allowlist: { stopwords: PLACEHOLDERS },
    examples: {
      positive: ['Authorization: Bearer vck_ie1xyVDdSCYNM6PwA7rdbFirb9sYTI5XhW6XyUQXBy0Ljv2UNDC8TDbH'],
      negative: ['AI_GATEWAY_API_KEY=vck_abc', 'vck_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'],
    },
  },
  {
    id: 'together-api-key',
    description: 'Together AI API key next to a together key name',
    family: 'llm',
    keywords: ['together'],
    regex: assigned('together', '(?:tgp_v1_[A-Za-z0-9_-]{43}|[a-f0-9]{64})'),
    secretGroup: 1,
    entropy: 3,
    allowlist: { stopwords: GATED_PLACEHOLDERS },
    examples: {
      positive: [
        'TOGETHER_API_KEY=ea9cef362cb5f53aa32ce4ac515ce10588139324ecfda3e62caf0f85e7e37728',
        'together_api_key: tgp_v1_3n8SpNtnAuhUoARwl-pceum8FR0fA0Teb0U_P_W96d6',
      ],
      negative: ['TOGETHER_MODEL=meta-llama/Llama-3-70b'],
    },
  },
  {
    id: 'fireworks-api-key',
    description: 'Fireworks AI API key (fw_) next to a fireworks key name',
    family: 'llm',
    keywords: ['fireworks'],
    regex: assigned('fireworks', 'fw_[A-Za-z0-9]{20,40}'),
    secretGroup: 1,
    entropy: 3,
    allowlist: { stopwords: GATED_PLACEHOLDERS },
    examples: {
      positive: ['FIREWORKS_API_KEY=fw_axZ2G23xvl8XdQpgcUZ7XUA5'],
      negative: ['FIREWORKS_API_KEY=fw_...'],
    },
  },
  {
    id: 'langsmith-api-key',
    description: 'LangSmith API key (lsv2_pt_/lsv2_sk_)',
    family: 'llm',
    keywords: ['lsv2_pt_', 'lsv2_sk_'],
    // Hex in LangSmith's keys; gitleaks' format allows any lower-case letter.
    regex: /(?<![A-Za-z0-9])lsv2_(?:pt|sk)_[a-z0-9]{32}_[a-z0-9]{10}(?![a-z0-9])/,
    examples: {
      positive: [
        'LANGSMITH_API_KEY=lsv2_pt_«l32»_«l10»',
        'LANGSMITH_API_KEY=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',
      ],
      negative: ['LANGSMITH_API_KEY=lsv2_pt_...'],
    },
  },
  {
    id: 'pinecone-api-key',
    description: 'Pinecone API key (pcsk_)',
    family: 'llm',
    keywords: ['pcsk_'],
    regex: /(?<![A-Za-z0-9])pcsk_[A-Za-z0-9]{4,8}_[A-Za-z0-9]{50,80}(?![A-Za-z0-9])/,
    examples: {
      positive: [
        'PINECONE_API_KEY=pcsk_dfKHtz_cfR1HdKzl9UVQfV2bTimoXRi7oewJrUTxDTNC9yWJBIKRA0TRFlxo7yB5Xc3Nbd',
      ],
      negative: ['PINECONE_API_KEY=pcsk_...'],
    },
  },
  {
    id: 'elevenlabs-api-key',
    description: 'ElevenLabs API key (sk_ + 48 hex) next to an elevenlabs/xi-api-key name',
    family: 'llm',
    keywords: ['elevenlabs', 'xi-api-key'],
    regex: assigned('elevenlabs|xi-api-key', 'sk_[a-f0-9]{48}'),
    secretGroup: 1,
    examples: {
      positive: ['xi-api-key: sk_6364d456c0a25bc790a09ceab612dc2d562c1e282a916104'],
      negative: ['ELEVENLABS_VOICE=Rachel'],
    },
  },
  {
    id: 'wandb-api-key',
    description: 'Weights & Biases API key (40 hex) next to a wandb key name',
    family: 'llm',
    keywords: ['wandb'],
    regex: assigned('wandb', '[a-f0-9]{40}'),
    secretGroup: 1,
    entropy: 3,
    examples: {
      positive: ['WANDB_API_KEY=cb75de29666a40331965c5edb6bc6beb6f3baa08'],
      negative: ['WANDB_PROJECT=llm-finetune', 'WANDB_API_KEY=0000000000000000000000000000000000000000'],
    },
  },
  {
    id: 'langfuse-secret-key',
    description: 'Langfuse secret key (sk-lf- + UUID); its public half is pk-lf-',
    family: 'llm',
    keywords: ['sk-lf-'],
    regex: new RegExp(`(?<![\\w-])sk-lf-${UUID}(?![\\w-])`),
    examples: {
      positive: [
        'LANGFUSE_SECRET_KEY=sk-lf-«h8»-«h4»-4«h3»-a«h3»-«h12»',
        'secretKey: "sk-lf-«h8»-«h4»-«h4»-«h4»-«h12»"',
      ],
      negative: ['LANGFUSE_SECRET_KEY=sk-lf-...', 'LANGFUSE_PUBLIC_KEY=pk-lf-«h8»-«h4»-«h4»-«h4»-«h12»'],
    },
  },
];
