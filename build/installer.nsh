; Included by electron-builder's NSIS installer (nsis.include in electron-builder.yml).
; Right-click "Verify with Notarium" in Explorer for every file and folder. SHCTX follows the install
; mode the user chose on the installer's page: HKCU for "just me" (no elevation; Windows merges it
; into HKCR for that user), HKLM for "anyone who uses this computer", so every user gets the verb.
; Uninstalling removes exactly these keys from the same place.

!define NOTARIUM_VERIFY_FILES "Software\Classes\*\shell\NotariumVerify"
!define NOTARIUM_VERIFY_FOLDERS "Software\Classes\Directory\shell\NotariumVerify"

!macro notariumWriteVerifyVerb KEY
  WriteRegStr SHCTX "${KEY}" "MUIVerb" "Verify with Notarium"
  WriteRegStr SHCTX "${KEY}" "Icon" '"$INSTDIR\${APP_EXECUTABLE_FILENAME}",0'
  ; One launch per selected item; the running instance receives the others (single instance).
  WriteRegStr SHCTX "${KEY}\command" "" '"$INSTDIR\${APP_EXECUTABLE_FILENAME}" --verify "%1"'
!macroend

!macro customInstall
  !insertmacro notariumWriteVerifyVerb "${NOTARIUM_VERIFY_FILES}"
  !insertmacro notariumWriteVerifyVerb "${NOTARIUM_VERIFY_FOLDERS}"
  ; SHCNE_ASSOCCHANGED: Explorer rereads the verbs without a sign-out.
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'
!macroend

!macro customUnInstall
  DeleteRegKey SHCTX "${NOTARIUM_VERIFY_FILES}"
  DeleteRegKey SHCTX "${NOTARIUM_VERIFY_FOLDERS}"
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'
!macroend
