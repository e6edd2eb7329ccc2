/**
 * Return addresses an attacker would try, each of which a browser could read as another site: protocol-
 * relative forms, characters browsers drop or rewrite (tab, newline, backslash, leading space), schemes,
 * and encodings of each. None may lead away from the portal.
 */
export const hostileRedirects: string[] = [
  "//evil.example",
  "///evil.example",
  "////evil.example/path",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "\t//evil.example",
  " //evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "/\\/evil.example",
  "/.//evil.example",
  "/./\\evil.example",
  "https://evil.example/",
  "http:evil.example",
  "https:/evil.example",
  "HTTPS://EVIL.EXAMPLE",
  "javascript:alert(document.domain)",
  "data:text/html,<script>alert(1)</script>",
  "//evil.example@localhost/",
  "http://localhost@evil.example/",
  "/\u000b/evil.example",
  "\u0000//evil.example",
  "//evil.example%2f%2e%2e",
  "/%09/evil.example",
];
