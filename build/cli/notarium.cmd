@echo off
rem The notarium command of the Windows app, resources\bin\notarium.cmd: the app's own binary runs
rem the command, with no window (main/electron/command-line.ts). A batch file waits for it and
rem passes its exit code on.
"%~dp0..\..\Notarium.exe" %*
exit /b %ERRORLEVEL%
