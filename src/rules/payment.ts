/**
 * @module rules/payment
 * Payment and commerce providers: Stripe, Square, PayPal/Braintree, Adyen, Razorpay, Shopify, Flutterwave,
 * Plaid, EasyPost, Duffel, Coinbase, Infura and Alchemy (in an RPC link), GoCardless, Paddle, Shippo, WooCommerce. Prefixed
 * formats match on their own;
 * prefix-less ones only next to the provider's name (see `assigned`).
 */
import { assigned, GATED_PLACEHOLDERS, PLACEHOLDERS, UUID } from './shapes.js';
import type { SecretRule } from './types.js';

export const rules: readonly SecretRule[] = [
  {
    id: 'stripe-access-token',
    description: 'Stripe secret or restricted API key (sk_/rk_, live, test or prod)',
    family: 'payment',
    keywords: ['sk_live_', 'sk_test_', 'sk_prod_', 'rk_live_', 'rk_test_', 'rk_prod_'],
    // No entropy floor: test-mode keys in fixtures are often low-entropy and still must not leak.
    regex: /(?<![A-Za-z0-9])[sr]k_(?:live|test|prod)_[A-Za-z0-9]{10,247}(?![A-Za-z0-9])/,
    allowlist: { stopwords: PLACEHOLDERS },
    examples: {
      positive: [
        'STRIPE_SECRET_KEY=sk_live_LB6VvtsQ8QteSYtM5v0Pyg70',
        'stripe.api_key = "rk_test_8CFDf55UiiI0TYRBtXjWnNFyP4AiSTUdu2IZoc7vq3qfHP1gt1bEShAtwuS3BG7eVvEeECmH1nAkYVQhJpE60k9syLdcONnDTGn"',
        '{"stripe": {"secret": "sk_test_XmYGBSbEC7yuSNQLNtD3Wp6pBMzBBHaT"}}',
      ],
      negative: [
        'STRIPE_SECRET_KEY=sk_live_short',
        'STRIPE_SECRET_KEY=sk_test_xxxxxxxxxxxxxxxxxxxxxxxx',
        'Secret keys begin with sk_live_ and must stay server-side.',
        'publishableKey: "pk_live_JaedsNLDQwI8DpLUTrs670AJ"',
      ],
    },
  },
  {
    id: 'stripe-webhook-secret',
    description: 'Stripe webhook endpoint signing secret (whsec_)',
    family: 'payment',
    keywords: ['whsec_'],
    regex: /(?<![A-Za-z0-9])whsec_[A-Za-z0-9]{32,64}(?![A-Za-z0-9])/,
    allowlist: { stopwords: PLACEHOLDERS },
    examples: {
      positive: ['STRIPE_WEBHOOK_SECRET=whsec_TZTnpSy1q6qdEk9jP4uXEKhGAMqMsTUm'],
      negative: [
        'STRIPE_WEBHOOK_SECRET=whsec_...',
        'endpointSecret = "whsec_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"',
      ],
    },
  },
  {
    id: 'square-access-token',
    description: 'Square access token (sq0atp- legacy, EAAA production/sandbox)',
    family: 'payment',
    keywords: ['sq0atp-', 'eaaa'],
    regex: /(?<![\w-])(?:sq0atp-|EAAA)[\w-]{22,60}(?![\w-])/,
    entropy: 3,
    allowlist: { stopwords: PLACEHOLDERS },
    examples: {
      positive: [
        '{"square_token": "sq0atp-mELH34ksDhfvABUUKoBzQc"}',
        'Authorization: Bearer EAAA-b6_LXaINYk7Oe9wbSmIP75UNjIi8Ecr4O4JxAyrUUpBa54HImEd4-_7473V',
      ],
      negative: ['SQUARE_ACCESS_TOKEN=sq0atp-xxxxxxxxxxxxxxxxxxxxxx', 'EAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
    },
  },
  {
    id: 'square-secret',
    description: 'Square OAuth application secret (sq0csp-)',
    family: 'payment',
    keywords: ['sq0csp-'],
    regex: /(?<![A-Za-z0-9])sq0csp-[\w-]{43}(?![\w-])/,
    allowlist: { stopwords: PLACEHOLDERS },
    examples: {
      positive: ['square_oauth_secret: sq0csp-U6sh3ZUJobqrGi78PyVQe4eJCy8hrbBC1kBB9kez1Fa'],
      negative: [
        'square_oauth_secret: sq0csp-p-6qs6azKy4n',
        'sq0csp-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
      ],
    },
  },
  {
    id: 'paypal-braintree-access-token',
    description: 'PayPal/Braintree access token (access_token$production$…)',
    family: 'payment',
    keywords: ['access_token$production$', 'access_token$sandbox$'],
    // The merchant part alone is a token in gitleaks' format, and a token cut short is still masked.
    regex: /access_token\$(?:production|sandbox)\$[a-z0-9]{16}(?:\$[a-f0-9]{32})?(?![a-z0-9])/,
    examples: {
      positive: [
        'BRAINTREE_TOKEN="access_token$production$87fc16h9qrckxjwy$3c8003bb9b9e34a4661cec023ce67caf"',
        'braintreeToken,access_token$sandbox$ra183timyk2t5t1w,',
      ],
      negative: ['access_token$production$<merchant_id>$<secret>'],
    },
  },
  {
    id: 'braintree-tokenization-key',
    description: 'Braintree tokenization key (sandbox_…_… / production_…_…)',
    family: 'payment',
    keywords: ['sandbox_', 'production_'],
    // Random parts: a digit in the second keeps out names made of two words (`sandbox_accounts_permissionsscope`).
    regex:
      /(?<![A-Za-z0-9_])(?:production|sandbox)_[a-z0-9]{8}_(?=[a-z]{0,15}[0-9])[a-z0-9]{16}(?![A-Za-z0-9_])/,
    entropy: 2.5,
    examples: {
      positive: ['braintree.client.create({ authorization: "sandbox_mmsejlsn_gblt22ldduuohv0z" })'],
      negative: ['sandbox_accounts_permissionsscope', 'production_settings_override'],
    },
  },
  {
    id: 'live-test-prefixed-key',
    description: 'API key of 30-40 characters after live_ or test_ (Chargebee keys, Adyen client keys)',
    family: 'payment',
    keywords: ['live_', 'test_'],
    // A letter and a digit in it: a test's name (`test_parsesTheHeaderOfTheRequestAlone`) has no digit.
    regex: /(?<![\w-])(?:live|test)_(?=[A-Za-z]{0,39}\d)(?=\d{0,39}[A-Za-z])[A-Za-z0-9]{30,40}(?![\w-])/,
    entropy: 3.5,
    allowlist: { stopwords: PLACEHOLDERS },
    examples: {
      positive: [
        'CHARGEBEE_API_KEY=live_rigd5feszs3d1aq2lgz95cuha94dtp07',
        'clientKey: "test_4DMIW5QOX8MV5NS369FEMFDBBRP9X5AY"',
      ],
      negative: ['def test_parsesTheHeaderOfTheRequestAlone():', 'test_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx1'],
    },
  },
  {
    id: 'adyen-api-key-alone',
    description: 'Adyen API key by its own shape (AQE…, a dot, 50-80 more), wherever it stands',
    family: 'payment',
    keywords: ['aqe'],
    regex: /(?<![\w+/=-])AQE[A-Za-z0-9]{5,40}\.[\w=-]{50,80}(?![\w=-])/,
    entropy: 3.5,
    allowlist: { stopwords: GATED_PLACEHOLDERS },
    examples: {
      positive: [
        'deploy log: AQE9adi9.QLI8boZBN6LVcPiJz-7sCotu3QrcEQKcRyO5LS8JXU1fH3CDFvC6vf086WbnFpxBX (rotated)',
      ],
      negative: ['AQExxxxx.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'the AQE prefix'],
    },
  },
  {
    id: 'adyen-api-key',
    description: 'Adyen API key (AQE… next to an adyen key name)',
    family: 'payment',
    keywords: ['adyen'],
    regex: assigned('adyen', 'AQE[A-Za-z0-9+/=_.-]{60,300}'),
    secretGroup: 1,
    entropy: 3.5,
    allowlist: { stopwords: GATED_PLACEHOLDERS },
    examples: {
      positive: [
        'ADYEN_API_KEY=AQErIuePw7UOlqHaCiV76i2o4OQoxzgWAua5u9hrHzy+Mh8E0x0BM2dRGJcdHYjGzJy8edmQ1zayiR4ir6cc==',
      ],
      negative: [
        'ADYEN_API_KEY=AQExxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
        'adyen_merchant = "AcmeECOM"',
      ],
    },
  },
  {
    id: 'razorpay-api-key',
    description: 'Razorpay key id (rzp_live_/rzp_test_)',
    family: 'payment',
    keywords: ['rzp_live_', 'rzp_test_'],
    regex: /(?<![A-Za-z0-9])rzp_(?:live|test)_[A-Za-z0-9]{14}(?![A-Za-z0-9])/,
    allowlist: { stopwords: PLACEHOLDERS },
    examples: {
      positive: ['RAZORPAY_KEY_ID=rzp_live_E8X0TGgbpTXlVa'],
      negative: ['RAZORPAY_KEY_ID=rzp_live_xxxxxxxxxxxxxx', 'keys look like rzp_test_ plus 14 characters'],
    },
  },
  {
    id: 'razorpay-key-secret',
    description: 'Razorpay key secret next to a razorpay key name',
    family: 'payment',
    keywords: ['razorpay'],
    regex: assigned('razorpay', '[A-Za-z0-9]{24}'),
    secretGroup: 1,
    entropy: 3.5,
    allowlist: { stopwords: GATED_PLACEHOLDERS },
    examples: {
      positive: ['RAZORPAY_KEY_SECRET="fPjBNktqpy1IA9Dc5BS76O9U"'],
      negative: [
        'RAZORPAY_KEY_SECRET="aaaaaaaaaaaaaaaaaaaaaaaa"',
        'razorpay_order_id = "order_PNIBlmDCngcJca"',
      ],
    },
  },
  {
    id: 'shopify-access-token',
    description: 'Shopify Admin API access token (shpat_)',
    family: 'payment',
    keywords: ['shpat_'],
    regex: /(?<![A-Za-z0-9])shpat_[A-Za-z0-9]{32,64}(?![A-Za-z0-9])/,
    allowlist: { stopwords: PLACEHOLDERS },
    examples: {
      positive: ['X-Shopify-Access-Token: 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'],
      negative: ['X-Shopify-Access-Token: shpat_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'shpat_d65fc97effd9'],
    },
  },
  {
    id: 'shopify-custom-access-token',
    description: 'Shopify custom app access token (shpca_)',
    family: 'payment',
    keywords: ['shpca_'],
    regex: /(?<![A-Za-z0-9])shpca_[A-Za-z0-9]{32,64}(?![A-Za-z0-9])/,
    allowlist: { stopwords: PLACEHOLDERS },
    examples: {
      positive: [
        'SHOPIFY_TOKEN=shpca_2WW7ILRtQQkhpUUyYK5V7MdsMxh5aPlxuMaSmn',
        '$token = "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";',
      ],
      negative: [
        'prefix shpca_ marks custom app tokens',
        'SHOPIFY_TOKEN=shpca_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
      ],
    },
  },
  {
    id: 'shopify-private-app-access-token',
    description: 'Shopify private app access token (shppa_)',
    family: 'payment',
    keywords: ['shppa_'],
    regex: /(?<![A-Za-z0-9])shppa_[A-Za-z0-9]{32,64}(?![A-Za-z0-9])/,
    allowlist: { stopwords: PLACEHOLDERS },
    examples: {
      positive: ['shopify:\n  password: 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'],
      negative: ['shppa_176fc525c830c43452a0'],
    },
  },
  {
    id: 'shopify-shared-secret',
    description: 'Shopify app shared secret (shpss_)',
    family: 'payment',
    keywords: ['shpss_'],
    regex: /(?<![A-Za-z0-9])shpss_[A-Za-z0-9]{32,64}(?![A-Za-z0-9])/,
    allowlist: { stopwords: PLACEHOLDERS },
    examples: {
      positive: ['SHOPIFY_API_SECRET=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'],
      negative: ['SHOPIFY_API_SECRET=shpss_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX'],
    },
  },
  {
    id: 'flutterwave-public-key',
    description: 'Flutterwave public key (FLWPUBK-…-X)',
    family: 'payment',
    keywords: ['flwpubk'],
    regex: /FLWPUBK(?:_TEST)?-[a-hA-H0-9]{32}-X/,
    examples: {
      positive: [
        '{"flutterwave_public": "FLWPUBK_TEST-e0bbf7918a2d973a8ebfe038d0dbd714-X"}',
        'FLW_PUBLIC_KEY=FLWPUBK-0c04a97de274aaa18f7661ca3e8749ae-X',
      ],
      negative: ['FLW_PUBLIC_KEY=FLWPUBK_TEST-<your key>-X'],
    },
  },
  {
    id: 'flutterwave-secret-key',
    description: 'Flutterwave secret key (FLWSECK-…-X)',
    family: 'payment',
    keywords: ['flwseck'],
    regex: /FLWSECK(?:_TEST)?-[a-hA-H0-9]{32}-X/,
    examples: {
      positive: ['FLW_SECRET_KEY=FLWSECK-f4949b643cd2986b8566d83c664e1108-X'],
      negative: ['FLW_SECRET_KEY=FLWSECK-c2408c2967c59c85-X'],
    },
  },
  {
    id: 'flutterwave-encryption-key',
    description: 'Flutterwave encryption key (FLWSECK_TEST followed by 12 hex)',
    family: 'payment',
    keywords: ['flwseck_test'],
    regex: /FLWSECK_TEST-?[a-hA-H0-9]{12}(?![a-hA-H0-9-])/,
    examples: {
      positive: ['FLW_ENCRYPTION_KEY=FLWSECK_TESTb8029f98c170', '{"flw_enc": "FLWSECK_TEST-67db3751eb58"}'],
      negative: ['FLW_ENCRYPTION_KEY=FLWSECK_TEST-your-key'],
    },
  },
  {
    id: 'plaid-client-id',
    description: 'Plaid client id next to a plaid key name',
    family: 'payment',
    keywords: ['plaid'],
    regex: assigned('plaid', '[a-z0-9]{24}'),
    secretGroup: 1,
    entropy: 3.5,
    allowlist: { stopwords: GATED_PLACEHOLDERS },
    examples: {
      positive: ['PLAID_CLIENT_ID=qop26vyfz0ms6iw0i4e4vdv6', 'plaid_token: "FZk3GcLFDq9z8BD7OMg3mdBj"'],
      negative: ['PLAID_CLIENT_ID=aaaaaaaaaaaaaaaaaaaaaaaa', 'PLAID_ENV=sandbox'],
    },
  },
  {
    id: 'plaid-secret-key',
    description: 'Plaid secret next to a plaid key name',
    family: 'payment',
    keywords: ['plaid'],
    regex: assigned('plaid', '[a-z0-9]{30}'),
    secretGroup: 1,
    entropy: 3.5,
    allowlist: { stopwords: GATED_PLACEHOLDERS },
    examples: {
      positive: ['PLAID_SECRET="ujz37hsqieah6ubm4bikpg0h96jmxy"'],
      negative: ['PLAID_SECRET="000000000000000000000000000000"'],
    },
  },
  {
    id: 'plaid-api-token',
    description: 'Plaid access token (access-<env>-<uuid>)',
    family: 'payment',
    keywords: ['access-sandbox-', 'access-development-', 'access-production-'],
    regex:
      /access-(?:sandbox|development|production)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![0-9a-f])/,
    examples: {
      positive: ['{"access_token": "access-sandbox-8aead91b-c3d6-40b5-9d83-2b591bfeefaf"}'],
      negative: ['"access_token": "access-sandbox-<uuid>"'],
    },
  },
  {
    id: 'easypost-api-token',
    description: 'EasyPost production API key (EZAK)',
    family: 'payment',
    keywords: ['ezak'],
    regex: /(?<![A-Za-z0-9])EZAK[A-Za-z0-9]{54}(?![A-Za-z0-9])/,
    examples: {
      positive: ['EASYPOST_API_KEY=EZAKYoZOmCL8hPdGeJk2ml1ujBx3rg5Pg8meN0LdGFlzK5JAFXnNCLRM66'],
      negative: ['EASYPOST_API_KEY=EZAKS2MVCn0erAA0sqTujv0m', 'EZAKTEXTEZAK'],
    },
  },
  {
    id: 'easypost-test-api-token',
    description: 'EasyPost test API key (EZTK)',
    family: 'payment',
    keywords: ['eztk'],
    regex: /(?<![A-Za-z0-9])EZTK[A-Za-z0-9]{54}(?![A-Za-z0-9])/,
    examples: {
      positive: [
        'https://api.example.test/ship?key=EZTKOHQ7MK7fbHHrscM3JLCQ1ea7WIyFv2JcMAJ9xgFCrUechvGu2Ty8Sh&carrier=usps',
      ],
      negative: ['EASYPOST_TEST_KEY=EZTKoXpJ72NHv8BVUsAXk1g5fAg1aPQlev'],
    },
  },
  {
    id: 'duffel-api-token',
    description: 'Duffel API token (duffel_test_/duffel_live_)',
    family: 'payment',
    keywords: ['duffel_test_', 'duffel_live_'],
    regex: /(?<![A-Za-z0-9])duffel_(?:test|live)_[A-Za-z0-9_=-]{43}(?![A-Za-z0-9_=-])/,
    allowlist: { stopwords: PLACEHOLDERS },
    examples: {
      positive: ['DUFFEL_ACCESS_TOKEN=duffel_test_yfqCoqCUzTTiMRi2gR9HifstWhrQm1lC11mbPNrCuNT'],
      negative: [
        'DUFFEL_ACCESS_TOKEN=duffel_test_P4a4GzZH3c',
        'duffel_live_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
      ],
    },
  },
  {
    id: 'coinbase-access-token',
    description: 'Coinbase access token next to a coinbase key name',
    family: 'payment',
    keywords: ['coinbase'],
    regex: assigned('coinbase', '[a-z0-9_-]{64}'),
    secretGroup: 1,
    entropy: 3.5,
    allowlist: { stopwords: GATED_PLACEHOLDERS },
    examples: {
      positive: ['COINBASE_ACCESS_TOKEN="b3xbhxeojvsp8v6fjpiycmrtvma5fwygl37kxchc1zytnfjixl1znsgqiv370bbp"'],
      negative: ['COINBASE_ACCESS_TOKEN="${COINBASE_TOKEN}"', 'coinbase_wallet = "primary"'],
    },
  },
  {
    id: 'web3-rpc-url-key',
    description:
      "An Infura or Alchemy API key in a node provider's RPC link (…infura.io/v3/<key>, …alchemy.com/v2/<key>)",
    family: 'payment',
    // Wallets and deploy scripts name their Ethereum node by a link whose last part is the project's key: who
    // has it spends the project's quota and reads through its account.
    keywords: ['.infura.io/', '.alchemy.com/v2/'],
    regex: /\.(?:infura\.io\/(?:ws\/)?v3\/|alchemy\.com\/v2\/)([A-Za-z0-9_-]{32})(?![\w-])/,
    secretGroup: 1,
    anchored: true,
    entropy: 3,
    examples: {
      positive: [
        'url: "https://sepolia.infura.io/v3/«h32»",',
        'const provider = new WebSocketProvider("wss://mainnet.infura.io/ws/v3/«h32»");',
        'RPC_URL=https://eth-mainnet.g.alchemy.com/v2/«w32»',
      ],
      negative: [
        'url: `https://eth-mainnet.g.alchemy.com/v2/${ALCHEMY_KEY}`',
        'https://mainnet.infura.io/v3/',
      ],
    },
  },
  {
    id: 'gocardless-api-token',
    description: 'GoCardless access token (live_ next to a gocardless key name)',
    family: 'payment',
    keywords: ['gocardless'],
    regex: assigned('gocardless', '(?:live|sandbox)_[A-Za-z0-9_=-]{40}'),
    secretGroup: 1,
    allowlist: { stopwords: GATED_PLACEHOLDERS },
    examples: {
      positive: ['GOCARDLESS_ACCESS_TOKEN=live_K9r3Y9ss_FXYDNJcGAQVLzmKqDxZ0wiMJTmkuwkz'],
      negative: [
        'GOCARDLESS_ACCESS_TOKEN=live_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
        'GOCARDLESS_ENV=live',
      ],
    },
  },
  {
    id: 'paddle-api-key',
    description: 'Paddle Billing API key (pdl_live_apikey_/pdl_sdbx_apikey_)',
    family: 'payment',
    keywords: ['pdl_live_apikey_', 'pdl_sdbx_apikey_'],
    regex: /pdl_(?:live|sdbx)_apikey_[A-Za-z0-9]{26}_[A-Za-z0-9]{22}_[A-Za-z0-9]{3}(?![A-Za-z0-9])/,
    examples: {
      positive: ['PADDLE_API_KEY=pdl_live_apikey_tezy3crxembuyyoks5uh6xigl7_aNIeVsDYE8pHzqTUPq9nmS_qWY'],
      negative: ['PADDLE_API_KEY=pdl_live_apikey_...'],
    },
  },
  {
    id: 'shippo-api-token',
    description: 'Shippo API token (shippo_live_/shippo_test_)',
    family: 'payment',
    keywords: ['shippo_live_', 'shippo_test_'],
    regex: /(?<![A-Za-z0-9])shippo_(?:live|test)_[a-fA-F0-9]{40}(?![a-fA-F0-9])/,
    examples: {
      positive: ['Authorization: ShippoToken shippo_test_191eb31d094f87b9aa93d5d244eb874627eb2da0'],
      negative: ['Authorization: ShippoToken shippo_test_<token>'],
    },
  },
  {
    id: 'bittrex-api-key',
    description: 'Bittrex API key or secret (32 alnum) next to a bittrex key name',
    family: 'payment',
    keywords: ['bittrex'],
    regex: assigned('bittrex', '[a-z0-9]{32}'),
    secretGroup: 1,
    entropy: 3,
    examples: {
      positive: [
        'BITTREX_API_KEY=ff24to5akw4xzhatrgymvimay9jhbl9s',
        'bittrex_secret = "56fpdh2drtfiv9fij373d95vspx2xbxg"',
      ],
      negative: ['bittrex_market = "BTC-ETH"'],
    },
  },
  {
    id: 'kraken-access-token',
    description: 'Kraken API key or private key (80-90 base64) next to a kraken key name',
    family: 'payment',
    keywords: ['kraken'],
    regex: assigned('kraken', '[a-z0-9/=_+-]{80,90}'),
    secretGroup: 1,
    entropy: 4,
    examples: {
      positive: [
        'KRAKEN_API_SECRET="yPKkYQGqql4G8mRb5NfPQBzwRnNrv1U3mO32Hgsq7DGO3vnaF9nK0PcNr2ExUuvGA8GzD1zRE2yFCloJWj89M1=="',
      ],
      negative: ['kraken_pair = "XBTUSD"'],
    },
  },
  {
    id: 'kucoin-access-token',
    description: 'KuCoin API key (24 hex) next to a kucoin key name',
    family: 'payment',
    keywords: ['kucoin'],
    regex: assigned('kucoin', '[a-f0-9]{24}'),
    secretGroup: 1,
    entropy: 3,
    examples: {
      positive: ['KUCOIN_API_KEY=9a018c410d11f6c2d0f3fa31'],
      negative: ['kucoin_symbol = "BTC-USDT"'],
    },
  },
  {
    id: 'kucoin-secret-key',
    description: 'KuCoin API secret (a UUID) next to a kucoin key name',
    family: 'payment',
    keywords: ['kucoin'],
    regex: assigned('kucoin', UUID),
    secretGroup: 1,
    examples: {
      positive: ['kucoin_secret: "74fb90e7-6514-9e0d-68c1-6c19abf66221"'],
      negative: ['kucoin_passphrase: "${KUCOIN_PASSPHRASE}"'],
    },
  },
  {
    id: 'finicity-api-token',
    description: 'Finicity app key (32 hex) next to a finicity key name',
    family: 'payment',
    keywords: ['finicity'],
    regex: assigned('finicity', '[a-f0-9]{32}'),
    secretGroup: 1,
    entropy: 3,
    examples: {
      positive: ['FINICITY_APP_KEY=50226b1de01a23ae8534b5bf019e4f53'],
      negative: ['finicity_partner_id = "2445582695152"'],
    },
  },
  {
    id: 'finicity-client-secret',
    description: 'Finicity partner secret (20 alnum) next to a finicity key name',
    family: 'payment',
    keywords: ['finicity'],
    regex: assigned('finicity', '[a-z0-9]{20}'),
    secretGroup: 1,
    entropy: 3,
    examples: {
      positive: ['finicity_secret = "5wm7je9fbkgo2caa6d1r"'],
      negative: ['finicity_env = "sandbox"'],
    },
  },
  {
    id: 'woocommerce-api-key',
    description: 'WooCommerce REST API consumer key or secret (ck_/cs_ and 40 hex)',
    family: 'payment',
    keywords: ['ck_', 'cs_'],
    // Both halves: the key is sent as the user of Basic auth or a query's `consumer_key`, and either alone
    // is half a credential that no one else's store mints in this shape.
    regex: /(?<![\w-])c[ks]_[0-9a-f]{40}(?![\w-])/,
    entropy: 3,
    allowlist: { stopwords: PLACEHOLDERS },
    examples: {
      positive: [
        'curl https://shop.example/wp-json/wc/v3/orders -u ck_«h40»:cs_«h40»',
        "WOOCOMMERCE_CONSUMER_SECRET='cs_«h40»'",
      ],
      negative: ['WOOCOMMERCE_CONSUMER_KEY=ck_your_consumer_key', 'cs_live_a1b2c3 is a Checkout Session id'],
    },
  },
];
