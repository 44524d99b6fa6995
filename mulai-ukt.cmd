@echo off
rem UKT Penguji at a venue on Windows: double-click this file, or type "mulai-ukt ukt.lan" in Command
rem Prompt (docs/pasang-venue.md). It calls npm.cmd directly, so PowerShell's execution policy never
rem applies, and hands its arguments on unchanged (a path with spaces in double quotes stays one).
rem The app's folder may hold spaces, brackets and letters such as e-acute (C:\Users\Budi Santoso\...):
rem it is only ever used in double quotes, never echoed and never inside a ( ) block, where a ")"
rem in it would end the block (docs/decisions/152).
setlocal
rem This file's own folder, taken first, before anything can change what %0 means.
set "UKT_APP=%~dp0"
cd /d "%UKT_APP%"
if errorlevel 1 goto :no_folder
where node >nul 2>nul
if errorlevel 1 goto :no_node
if exist "%UKT_APP%node_modules\" goto :run
echo Memasang paket aplikasi untuk pertama kali (butuh internet), beberapa menit...
call npm.cmd ci --no-fund --no-audit
if errorlevel 1 goto :install_failed
:run
call npm.cmd run venue -- %*
set "UKT_CODE=%errorlevel%"
pause
exit /b %UKT_CODE%

:no_folder
echo Folder aplikasi tidak dapat dibuka. Salin folder aplikasi ke folder lain, lalu klik dua kali mulai-ukt.cmd di sana.
pause
exit /b 1

:no_node
echo Node.js belum terpasang. Pasang Node.js LTS dari https://nodejs.org, lalu klik dua kali berkas ini lagi.
pause
exit /b 1

:install_failed
echo Pemasangan paket gagal. Periksa sambungan internet laptop, lalu coba lagi.
pause
exit /b 1
