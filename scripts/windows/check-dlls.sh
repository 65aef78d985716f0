#!/usr/bin/env bash
# Fails unless every given .exe imports only DLLs that ship with Windows (no libstdc++-6.dll,
# libgcc_s_seh-1.dll, libwinpthread-1.dll, zlib1.dll, libgit2.dll…). Prints each file's DLL list.
#   scripts/windows/check-dlls.sh build/windows/pdo.exe [more.exe…]
set -euo pipefail
OBJDUMP=${OBJDUMP:-x86_64-w64-mingw32-objdump}
# Windows' own DLLs pdo and its static libraries (libgit2, curl, winpthreads, msvcrt) may import.
SYSTEM_DLLS=(kernel32.dll user32.dll advapi32.dll shell32.dll ole32.dll oleaut32.dll msvcrt.dll
  ws2_32.dll crypt32.dll bcrypt.dll secur32.dll rpcrt4.dll winhttp.dll normaliz.dll shlwapi.dll
  iphlpapi.dll wldap32.dll)
status=0
for exe in "$@"; do
  dlls=$("$OBJDUMP" -p "$exe" | sed -n 's/^[[:space:]]*DLL Name: //p')
  echo "$exe imports: $(tr '\n' ' ' <<< "$dlls")"
  for dll in $dlls; do  # one DLL name a word
    lower=$(echo "$dll" | tr '[:upper:]' '[:lower:]')
    case "$lower" in api-ms-win-*) continue ;; esac
    if [[ " ${SYSTEM_DLLS[*]} " != *" $lower "* ]]; then
      echo "  NOT a Windows system DLL: $dll" >&2
      status=1
    fi
  done
done
exit $status
