@echo off
rem UKT Penguji at a venue on Windows: double-click this file, or type "mulai-ukt ukt.lan" in Command
rem Prompt (docs/pasang-venue.md). It calls npm.cmd directly, so PowerShell's execution policy never
rem applies, and hands its arguments on unchanged.
setlocal
cd /d "%~dp0"
where node >nul 2>nul
if errorlevel 1 (
  echo Node.js belum terpasang. Pasang Node.js LTS dari https://nodejs.org, lalu klik dua kali berkas ini lagi.
  pause
  exit /b 1
)
if not exist node_modules (
  echo Memasang paket aplikasi untuk pertama kali, beberapa menit...
  call npm.cmd ci --no-fund --no-audit
  if errorlevel 1 (
    echo Pemasangan paket gagal. Periksa sambungan internet laptop, lalu coba lagi.
    pause
    exit /b 1
  )
)
call npm.cmd run venue -- %*
pause
