/**
 * @module rules/registries
 * Package and artifact registries: npm (tokens and .npmrc/.yarnrc auth), PyPI, RubyGems, Docker Hub, Docker
 * config auths (also a whole config.json in base64), NuGet (API keys and nuget.config passwords), crates.io,
 * JFrog Artifactory, Clojars, Packagist, Hex.
 */
import { assigned, base64Start, GATED_PLACEHOLDERS, PLACEHOLDERS } from './shapes.js';
import type { SecretRule } from './types.js';

/** `{"auths":` in base64, compact and as tools indent it (two or four spaces, a tab). */
const DOCKER_CONFIG_STARTS = ['{"auths":', '{\n  "auths":', '{\n    "auths":', '{\n\t"auths":'].map(
  base64Start,
);

/** The base64 of `{"t": "u1-macaroon"`, how exported Snap Store credentials start. */
const SNAPCRAFT_START = base64Start('{"t": "u1-macaroon"');

export const rules: readonly SecretRule[] = [
  {
    id: 'npm-access-token',
    description: 'npm access token (npm_)',
    family: 'registries',
    keywords: ['npm_'],
    regex: /(?<![A-Za-z0-9])npm_[A-Za-z0-9]{36}(?![A-Za-z0-9])/,
    entropy: 3,
    allowlist: { stopwords: PLACEHOLDERS },
    examples: {
      positive: [
        '//registry.npmjs.org/:_authToken=npm_L5a5ufaiyIhV1OPK7PlL3RVSEix30m18yCqx',
        'NPM_TOKEN=npm_CI3mb8K8d94Riztcer1ecyJYD1xfRpfjY8XI',
      ],
      negative: [
        'npm_config_registry=https://registry.npmjs.org/',
        'NPM_TOKEN=npm_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
      ],
    },
  },
  {
    id: 'npmrc-auth-token',
    description: 'Registry credential in .npmrc (_authToken=, _auth=, _password=)',
    family: 'registries',
    keywords: ['_authtoken', '_auth', '_password'],
    regex: /:_(?:authToken|auth|password)[ \t]{0,3}=[ \t]{0,3}["']?([A-Za-z0-9+/=_.:-]{8,600})/,
    secretGroup: 1,
    allowlist: { stopwords: PLACEHOLDERS },
    examples: {
      positive: [
        '//npm.pkg.internal.test/:_authToken=69c4eca8-7c00-4eab-9557-83860c3cf8aa',
        '//registry.internal.test/:_password=plAwAn7NFBZSAfdcyvlTDBhw',
      ],
      negative: ['//registry.npmjs.org/:_authToken=${NPM_TOKEN}', '//registry.npmjs.org/:_authToken='],
    },
  },
  {
    id: 'yarnrc-npm-auth-token',
    description: 'Registry token in .yarnrc.yml (npmAuthToken:)',
    family: 'registries',
    keywords: ['npmauthtoken', 'npmauthident'],
    regex: /npmAuth(?:Token|Ident)[ \t]{0,3}:[ \t]{0,3}["']?([A-Za-z0-9+/=_.:-]{8,600})/,
    secretGroup: 1,
    allowlist: { stopwords: PLACEHOLDERS },
    examples: {
      positive: [
        'npmAuthToken: "npm_sSEQUuEq2cWn0ubkvXI3guiAwrnWPyyPjXXD"',
        '  npmAuthToken: 37df9324-1ee1-4890-8e3b-eaee4879e3f9',
      ],
      negative: ['npmAuthToken: "${NPM_TOKEN}"', 'npmAuthToken: ""'],
    },
  },
  {
    id: 'pypi-upload-token',
    description: 'PyPI upload token (pypi-AgEIcHlwaS5vcmc…)',
    family: 'registries',
    keywords: ['pypi-ageichlwas5vcmc'],
    regex: /pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,300}/,
    examples: {
      positive: [
        'password = pypi-AgEIcHlwaS5vcmcpDSqUKqeFsm7c5APDJU-w5Op7JHHrmVD4zwSWvTf8IIJztuZ8f-O2xUVVuhKujWCWkxZBLHDHqgs_MLAPZisOtvHsnq5mHifgjEUEoRYpocUb-F-zU0Btjhz',
      ],
      negative: ['password = pypi-AgEIcHlwaS5vcmc...'],
    },
  },
  {
    id: 'rubygems-api-token',
    description: 'RubyGems API key (rubygems_)',
    family: 'registries',
    keywords: ['rubygems_'],
    regex: /(?<![A-Za-z0-9])rubygems_[a-f0-9]{48}(?![a-f0-9])/,
    examples: {
      positive: [':rubygems_api_key: rubygems_14f901b473e9f5af457c6f07815f056296b2714f8e5e65c4'],
      negative: [':rubygems_api_key: rubygems_<key>', 'rubygems_version: 3.5.1'],
    },
  },
  {
    id: 'docker-hub-personal-access-token',
    description: 'Docker Hub personal or organization access token (dckr_pat_/dckr_oat_)',
    family: 'registries',
    keywords: ['dckr_pat_', 'dckr_oat_'],
    // No `example` stopword: Docker's own docs tokens are still tokens to mask.
    regex: /(?<![A-Za-z0-9])dckr_(?:pat|oat)_[A-Za-z0-9_-]{27,40}(?![A-Za-z0-9_-])/,
    allowlist: { stopwords: PLACEHOLDERS },
    examples: {
      positive: [
        'DOCKER_TOKEN=dckr_pat_aygZzDPwqVZGk47E4AzDy_TPxnm',
        'echo dckr_oat_1aF-iCYy2AOUPrQmca-gNqJSnYuTLihN | docker login -u acme --password-stdin',
      ],
      negative: ['DOCKER_TOKEN=dckr_pat_tooshort', 'tokens start with dckr_pat_'],
    },
  },
  {
    id: 'docker-config-auth',
    description: 'Base64 user:password in a Docker config.json "auths" entry',
    family: 'registries',
    keywords: ['"auth"'],
    regex: /"auth"[ \t]{0,3}:[ \t]{0,3}"([A-Za-z0-9+/]{8,400}={0,2})"/,
    secretGroup: 1,
    entropy: 2.5,
    examples: {
      positive: ['{"auths": {"registry.internal.test": {"auth": "SKj5Kmjk/ohwQiKs0yW8GiQ/IQxKarHj"}}}'],
      negative: ['{"auths": {"registry.internal.test": {"auth": ""}}}', '{"auth": "none"}'],
    },
  },
  {
    id: 'docker-config-base64',
    description:
      'A Docker config.json base64-encoded whole (a Kubernetes .dockerconfigjson): its auths hold registry passwords',
    family: 'registries',
    keywords: DOCKER_CONFIG_STARTS.map((start) => start.toLowerCase()),
    // Its first characters spell `{"auths":`, compact or indented as tools write it, so no decoding is needed.
    regex: new RegExp(`(?:${DOCKER_CONFIG_STARTS.join('|')})[A-Za-z0-9+/]{20,20000}={0,2}`),
    entropy: 3,
    examples: {
      positive: [
        `.dockerconfigjson: ${base64Start('{"auths":{"registry.internal.test":{"auth":"')}«a64»«a12»fQ==`,
        `"config.json": "${base64Start('{\n  "auths": {\n    "ghcr.io": {\n      "auth": "')}«a64»"`,
      ],
      negative: [`.dockerconfigjson: ${base64Start('{"auths":')}`, 'eyJhdXRocyI6e30='],
    },
  },
  {
    id: 'snapcraft-login-credentials',
    description:
      'Snap Store credentials as snapcraft export-login writes them (base64 of {"t": "u1-macaroon", …})',
    family: 'registries',
    // CI takes them as SNAPCRAFT_STORE_CREDENTIALS; their first characters spell the JSON's opening, so no
    // decoding is needed to know them.
    keywords: [SNAPCRAFT_START.toLowerCase()],
    regex: new RegExp(`(?<![A-Za-z0-9+/])${SNAPCRAFT_START}[A-Za-z0-9+/]{100,8000}={0,2}(?![A-Za-z0-9+/=])`),
    entropy: 3,
    examples: {
      positive: [`SNAPCRAFT_STORE_CREDENTIALS=${SNAPCRAFT_START}«a200»«a120»fQ==`],
      negative: [SNAPCRAFT_START, 'eyJ0IjogInN0cmluZyJ9'],
    },
  },
  {
    id: 'nuget-api-key',
    description: 'NuGet.org API key (oy2 + 43)',
    family: 'registries',
    keywords: ['oy2'],
    regex: /(?<![A-Za-z0-9])oy2[a-z0-9]{43}(?![A-Za-z0-9])/,
    entropy: 3,
    examples: {
      positive: ['dotnet nuget push pkg.nupkg --api-key oy2auw37fnc810eq8ek20sq7kg9vs3a24dyj1voh0279pe'],
      negative: ['boy2friend', 'NUGET_API_KEY=oy2short'],
    },
  },
  {
    id: 'nuget-config-password',
    description: 'Password in a nuget.config packageSourceCredentials entry',
    family: 'registries',
    keywords: ['cleartextpassword', 'key="password"'],
    regex: /<add[ \t]{1,5}key=["'](?:ClearText)?Password["'][ \t]{0,5}value=["']([^"'\r\n]{4,200})["']/i,
    secretGroup: 1,
    // `%VAR%` is NuGet's environment-variable reference, not a value.
    allowlist: { regexes: [/^%[A-Za-z0-9_]{1,100}%$/], stopwords: PLACEHOLDERS },
    examples: {
      positive: [
        '<add key="ClearTextPassword" value="3wA588N7lC1AmJNx" />',
        '<add key="Password" value="Rr/u3ZfJiARsMZvXjjGRavwgOt6HebJDyoys+m/j==" />',
      ],
      negative: [
        '<add key="ClearTextPassword" value="%NUGET_PASSWORD%" />',
        '<add key="ClearTextPassword" value="abc" />',
        '<add key="Username" value="ci-bot" />',
      ],
    },
  },
  {
    id: 'crates-io-api-token',
    description: 'crates.io API token (cio + 32)',
    family: 'registries',
    keywords: ['cio'],
    regex: /(?<![A-Za-z0-9])cio[A-Za-z0-9]{32}(?![A-Za-z0-9])/,
    entropy: 3.5,
    examples: {
      positive: ['CARGO_REGISTRY_TOKEN=cio8VEGNFel4pWlkoRCHi7cbsFaukgdPMhr'],
      negative: ['cioccolatabiancaconlenocciolinefine', 'a precious stone'],
    },
  },
  {
    id: 'artifactory-api-key',
    description: 'JFrog Artifactory API key (AKCp)',
    family: 'registries',
    keywords: ['akcp'],
    regex: /(?<![A-Za-z0-9])AKCp[A-Za-z0-9]{69}(?![A-Za-z0-9])/,
    entropy: 3.5,
    examples: {
      positive: [
        'X-JFrog-Art-Api: AKCps60MllD1k7hvKNIS4clE2PeHKZOsOpcCR210NBlFewxLBB8fDZeFQZXFdB6KVbThSFJNV',
      ],
      negative: ['X-JFrog-Art-Api: AKCp...'],
    },
  },
  {
    id: 'artifactory-reference-token',
    description: 'JFrog Artifactory reference token (cmVmd…, base64 of "ref")',
    family: 'registries',
    keywords: ['cmvmd'],
    regex: /(?<![A-Za-z0-9])cmVmd[A-Za-z0-9]{59}(?![A-Za-z0-9])/,
    entropy: 4.5,
    examples: {
      positive: [
        'artifactory_ref_token := "cmVmddJPlzaKGU0ZtFhgAygIRBIUTiSwUj6COwLG93poAwZO3fV1tvbb1RPykFaO"',
      ],
      negative: ['lowEntropy := cmVmdXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX'],
    },
  },
  {
    id: 'jfrog-identity-token',
    description: 'JFrog identity token (64 alnum) next to a jfrog/artifactory key name',
    family: 'registries',
    keywords: ['jfrog', 'artifactory', 'bintray', 'xray'],
    regex: assigned('jfrog|artifactory|bintray|xray', '[a-z0-9]{64}'),
    secretGroup: 1,
    entropy: 3.5,
    allowlist: { stopwords: GATED_PLACEHOLDERS },
    examples: {
      positive: ['{"artifactory_token": "q4qeewm8kq8fcb0ewf34x71m4pl3ugdk1yvp8n0p2itcni6mtc8v9ajnql6c7jaj"}'],
      negative: [
        'artifactory_url: https://acme.jfrog.io/artifactory',
        'JFROG_SHA256=be6302b76ad660996a6ca704dc54b29b7bdba9d9e1ec75240b4cab26b7a41068ed917861',
      ],
    },
  },
  {
    id: 'jfrog-api-key',
    description: 'JFrog API key (73 alnum) next to a jfrog/artifactory key name',
    family: 'registries',
    keywords: ['jfrog', 'artifactory', 'bintray', 'xray'],
    regex: assigned('jfrog|artifactory|bintray|xray', '[a-z0-9]{73}'),
    secretGroup: 1,
    entropy: 3.5,
    allowlist: { stopwords: GATED_PLACEHOLDERS },
    examples: {
      positive: ['JFROG_API_KEY=4WClr7t3EAmHBtiYjnFcLQUoiGlGFDFaQ1rj1QjN8kIapO8un0M7OQ4K8cwgZar6GePsDQ0rH'],
      negative: ['JFROG_API_KEY=$JFROG_KEY'],
    },
  },
  {
    id: 'clojars-api-token',
    description: 'Clojars deploy token (CLOJARS_)',
    family: 'registries',
    keywords: ['clojars_'],
    regex: /(?<![A-Za-z0-9])CLOJARS_[a-z0-9]{60}(?![a-z0-9])/i,
    entropy: 3,
    examples: {
      positive: ['CLOJARS_PASSWORD=CLOJARS_k9eslam08i14ef6di9h0pymyeu4j0bisavfy2hjh95zglg2ecs0774h90bqa'],
      negative: ['CLOJARS_USERNAME=acme', 'CLOJARS_PASSWORD=CLOJARS_g10ytstftiyoqce92qjz'],
    },
  },
  {
    id: 'packagist-token',
    description: 'Packagist API or update token (packagist_uut_/packagist_out_/…)',
    family: 'registries',
    keywords: ['packagist_'],
    regex: /(?<![A-Za-z0-9])packagist_(?:uut|ut|out|ot)_[A-Za-z0-9]{30,80}(?![A-Za-z0-9])/,
    entropy: 3,
    examples: {
      positive: [
        'composer config --global --auth http-basic.repo.packagist.com token packagist_uut_rzvCQtgxBpfE5G1ipdWbEbRQz6VTF8vdnuxG5SBrtoHz47r99Do7EKsTQT8IPRQ8',
      ],
      negative: ['packagist_mirror = "https://repo.packagist.org"'],
    },
  },
  {
    id: 'hex-pm-api-key',
    description: 'Hex.pm API key (32 hex) next to a hex key name',
    family: 'registries',
    keywords: ['hex_api_key', 'hexpm', 'hex_key'],
    regex: assigned('hex_api_key|hexpm|hex_key', '[a-f0-9]{32}'),
    secretGroup: 1,
    entropy: 3,
    examples: {
      positive: ['HEX_API_KEY=5d614839deab8070afa625dbed054701'],
      negative: ['HEX_API_KEY=${{ secrets.HEX_API_KEY }}'],
    },
  },
];
