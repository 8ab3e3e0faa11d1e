#!/usr/bin/env bash
# Security scan of a local Pasal with Debian's sqlmap and wapiti, signed in as an admin.
#   apt-get install sqlmap wapiti && npm run build && bash scripts/scan.sh
# Not part of CI (it takes minutes); its findings are recorded in SECURITY.md.
set -euo pipefail
cd "$(dirname "$0")/.."

command -v sqlmap >/dev/null || { echo "Install sqlmap: apt-get install sqlmap" >&2; exit 1; }
command -v wapiti >/dev/null || { echo "Install wapiti: apt-get install wapiti" >&2; exit 1; }
[ -f dist/server.js ] || { echo "Build first: npm run build" >&2; exit 1; }

port="${SCAN_PORT:-3295}"
base="http://127.0.0.1:${port}"
work="$(mktemp -d)"
trap 'kill "${server_pid:-0}" 2>/dev/null || true; rm -rf "$work"' EXIT

# TRUST_PROXY lets the scanners' random X-Forwarded-For addresses pass the per-address rate limits,
# so the scan tests the code rather than the limiter.
PORT="$port" HOST=127.0.0.1 DATABASE_URL="$work/pasal.db" MEDIA_DIR="$work/media" TRUST_PROXY=true \
  ADMIN_EMAIL=scan@pasal.test ADMIN_PASSWORD=scan-password-1 LOG_LEVEL=warn node dist/server.js >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 100); do curl -fs "$base/healthz" >/dev/null && break; sleep 0.1; done

# Writes must name the shop as their origin, as its own pages do; the scanners say so too.
cookie="$(curl -fs -c - -H "origin: $base" -H 'content-type: application/json' -d '{"email":"scan@pasal.test","password":"scan-password-1"}' "$base/api/auth/login" | awk '$6 == "pasal_session" { print "pasal_session=" $7 }')"
[ -n "$cookie" ] || { echo "Could not sign in" >&2; exit 1; }
item_id="$(curl -fs "$base/api/prices" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).allPrices[0]._id))')"

# Level 2 also tampers with cookies and headers; on the admin targets -p keeps it off the session cookie.
sqlmap_common=(--batch --level=2 --risk=2 --tamper=xforwardedfor --output-dir="$work/sqlmap" --disable-coloring)
echo "=== sqlmap ==="
sqlmap "${sqlmap_common[@]}" -u "$base/api/admin/orders?q=PSL-22222&status=new&limit=5" --cookie="$cookie" -p "q,status,limit" 2>&1 | grep -E "injectable|vulnerable|all tested parameters|CRITICAL|ERROR" || true
sqlmap "${sqlmap_common[@]}" -u "$base/api/admin/renewals?days=7" --cookie="$cookie" -p days 2>&1 | grep -E "injectable|vulnerable|all tested parameters|CRITICAL|ERROR" || true
sqlmap "${sqlmap_common[@]}" -u "$base/prices?q=net&cat=ott&sort=price-asc" 2>&1 | grep -E "injectable|vulnerable|all tested parameters|CRITICAL|ERROR" || true
sqlmap "${sqlmap_common[@]}" -u "$base/api/orders" --method=POST --headers="Content-Type: application/json\nOrigin: $base" \
  --data="{\"items\":[{\"_id\":\"${item_id}*\",\"months\":1,\"devices\":1}],\"channel\":\"whatsapp\",\"name\":\"Sita*\",\"phone\":\"9801234567\"}" 2>&1 | grep -E "injectable|vulnerable|all tested parameters|CRITICAL|ERROR" || true
sqlmap "${sqlmap_common[@]}" -u "$base/api/auth/login" --ignore-code=401 --method=POST --headers="Content-Type: application/json\nOrigin: $base" \
  --data='{"email":"scan@pasal.test*","password":"x*"}' 2>&1 | grep -E "injectable|vulnerable|all tested parameters|CRITICAL|ERROR" || true
sqlmap "${sqlmap_common[@]}" -u "$base/prices/Netflix%20Premium*" 2>&1 | grep -E "injectable|vulnerable|all tested parameters|CRITICAL|ERROR" || true

echo "=== wapiti ==="
wapiti -u "$base/" --scope folder -H "Cookie: $cookie" -H "Origin: $base" -H "X-Forwarded-For: 10.9.9.9" --flush-session \
  -m "sql,blindsql,exec,file,xss,permanentxss,redirect,crlf,ssrf,xxe,htaccess,methods,csp,http_headers,cookieflags" \
  --max-scan-time "${SCAN_SECONDS:-600}" -f txt -o "$work/wapiti.txt" >/dev/null 2>&1 || true
sed -n '/Summary of vulnerabilities/,/^\*\*\*\*\*/p' "$work/wapiti.txt" 2>/dev/null | head -60
grep -E "^(Vulnerability|Anomaly)|^\s+.*found" "$work/wapiti.txt" 2>/dev/null | head -40 || true
echo "Full wapiti report: copy it from $work/wapiti.txt before the script exits (set KEEP=1 to keep it)."
if [ "${KEEP:-0}" = 1 ]; then cp -r "$work" ./scan-report && echo "Kept in ./scan-report"; fi
