/**
 * @module rules/gcp
 * Google Cloud and Google APIs: API keys (AIza), OAuth client secrets (GOCSPX-), OAuth access and refresh
 * tokens, service-account key ids, Firebase Cloud Messaging server keys. The PEM private key inside a
 * service-account JSON file is the private-keys family's.
 */
import { keyed } from './assignments.js';
import type { SecretRule } from './types.js';

export const rules: readonly SecretRule[] = [
  {
    id: 'gcp-api-key',
    description: 'Google API key (AIza + 35 characters)',
    family: 'gcp',
    keywords: ['aiza'],
    regex: /(?<![\w-])(AIza[0-9A-Za-z_-]{35})(?![\w-])/,
    secretGroup: 1,
    // filler such as AIzaaaaa... has almost no entropy; real keys are random
    entropy: 3.5,
    examples: {
      positive: ['GOOGLE_API_KEY=AIza«w35»', 'https://maps.googleapis.com/maps/api/js?key=AIzaSy«w33»'],
      negative: ['apiKey: "AIzaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"', 'GOOGLE_API_KEY=AIza...'],
    },
  },
  {
    id: 'google-oauth-client-secret',
    description: 'Google OAuth 2.0 client secret (GOCSPX- prefix)',
    family: 'gcp',
    keywords: ['gocspx-'],
    regex: /(?<![\w-])(GOCSPX-[A-Za-z0-9_-]{28})(?![\w-])/,
    secretGroup: 1,
    entropy: 3.5,
    examples: {
      positive: ['"client_secret": "GOCSPX-«w28»"'],
      negative: ['client_secret: GOCSPX-<your-secret>', 'GOCSPX-short'],
    },
  },
  {
    id: 'google-oauth-access-token',
    description: 'Google OAuth 2.0 access token (ya29.)',
    family: 'gcp',
    keywords: ['ya29.'],
    regex: /(?<![\w.])(ya29\.[0-9A-Za-z_-]{30,2048})(?![\w-])/,
    secretGroup: 1,
    entropy: 3.5,
    examples: {
      positive: ['Authorization: Bearer ya29.a0«w120»'],
      negative: ['ya29.<token>', 'ya29.short'],
    },
  },
  {
    id: 'google-oauth-refresh-token',
    description: 'Google OAuth 2.0 refresh token (1//0 prefix)',
    family: 'gcp',
    keywords: ['1//0'],
    regex: /(?<![\w/])(1\/\/0[0-9A-Za-z_-]{40,400})(?![\w-])/,
    secretGroup: 1,
    entropy: 3.5,
    examples: {
      positive: ['"refresh_token": "1//0g«w90»"'],
      negative: ['see https://example.com/1//0', 'path 1//0abc'],
    },
  },
  {
    id: 'gcp-service-account-key-id',
    description: 'Google service-account key id in a credentials JSON file (private_key_id)',
    family: 'gcp',
    keywords: ['private_key_id'],
    regex: /"private_key_id"\s{0,4}:\s{0,4}"([0-9a-f]{40})"/,
    secretGroup: 1,
    examples: {
      positive: ['{"type": "service_account", "private_key_id": "«h40»"}'],
      negative: ['{"private_key_id": "..."}', '{"private_key_id": "your-key-id"}'],
    },
  },
  {
    id: 'firebase-cloud-messaging-server-key',
    description: 'Firebase Cloud Messaging legacy server key (AAAA…:APA91b…)',
    family: 'gcp',
    keywords: [':apa91b'],
    regex: /(?<![\w-])(AAAA[A-Za-z0-9_-]{7}:APA91b[A-Za-z0-9_-]{134})(?![\w-])/,
    secretGroup: 1,
    examples: {
      positive: ['FCM_SERVER_KEY=AAAA«w7»:APA91b«w134»'],
      negative: ['registration id APA91b without a key', 'AAAA1234567:APA91bshort'],
    },
  },
  {
    id: 'google-cloud-api-key-keyed',
    description: 'Google Cloud credential in a GOOGLE_/GCP_ secret-named assignment (no distinctive prefix)',
    family: 'gcp',
    keywords: ['google_', 'gcp_', 'gcloud_'],
    regex: keyed('google_|gcp_|gcloud_', '[A-Za-z0-9_\\-+/]{32,64}', '[\\w.-]{0,12}?(?:secret|token|key)'),
    secretGroup: 1,
    entropy: 4,
    examples: {
      positive: ['GCP_SECRET_KEY="«a40»"'],
      negative: [
        'GOOGLE_CLIENT_SECRET=${GOOGLE_CLIENT_SECRET}',
        'GCP_PROJECT_ID=my-project-1234567890123456789012',
      ],
    },
  },
  {
    id: 'gcs-signed-url-signature',
    description:
      'The signature of a Cloud Storage signed URL (X-Goog-Signature=): the URL grants access until it expires',
    family: 'gcp',
    keywords: ['x-goog-signature='],
    // V4 signing: RSA-SHA256 with a service account's key (512 hex digits for 2048 bits) or HMAC-SHA256 (64).
    regex: /X-Goog-Signature=([0-9a-f]{64,1024})(?![0-9a-f])/i,
    secretGroup: 1,
    entropy: 3,
    examples: {
      positive: [
        'https://storage.googleapis.com/b/o?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Expires=900&X-Goog-Signature=«h64»«h64»«h64»«h64»',
      ],
      negative: ['X-Goog-Signature=<signature>', 'X-Goog-Signature=abc123'],
    },
  },
];
