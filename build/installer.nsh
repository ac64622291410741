; Included by electron-builder's NSIS installer (nsis.include in electron-builder.yml): the Explorer
; verb, and the notarium command on the PATH (below).
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

; The notarium command on the user's PATH. A page after the folder page offers it (ticked); the
; folder of notarium.cmd (win.extraResources in electron-builder.yml) is appended to the PATH of
; the user's account (HKCU\Environment), never the system's, and uninstalling removes exactly that
; entry. An update changes nothing: its page is skipped, and the old version's uninstaller, run with
; --updated before it, leaves the entry. A reinstall with the box unticked removes it.
; NSIS strings hold NSIS_MAX_STRLEN characters, and a longer value is read as empty: a naive
; read-append-write would replace a long PATH with one folder. So the value's size is asked first
; (RegGetValueW), and a PATH too long to edit whole is left as it is, with a sentence saying so.
; Windows is told (WM_SETTINGCHANGE "Environment"), so that new terminals see the change.

!include LogicLib.nsh
!include nsDialogs.nsh
!include WinMessages.nsh

!define NOTARIUM_COMMAND_DIR "$INSTDIR\resources\bin"

!ifndef BUILD_UNINSTALLER
  ; "1" when the page's box was unticked; empty (a silent install too) adds the command.
  Var notariumPathDeclined
  Var notariumPathBox

  !macro customPageAfterChangeDir
    Page custom notariumPathPageShow notariumPathPageLeave

    Function notariumPathPageShow
      ${If} ${isUpdated}
        Abort
      ${EndIf}
      !insertmacro MUI_HEADER_TEXT "The notarium command" "Notarium's command line, in every new terminal."
      nsDialogs::Create 1018
      Pop $0
      ${If} $0 == error
        Abort
      ${EndIf}
      ${NSD_CreateLabel} 0 0 100% 40u "Add the folder of the notarium command to your PATH, so that a new Command Prompt or PowerShell window runs it by its name (notarium --help). Only your account's PATH changes, and uninstalling Notarium takes the folder off it again."
      Pop $0
      ${NSD_CreateCheckbox} 0 48u 100% 12u "&Add the notarium command to my PATH"
      Pop $notariumPathBox
      ${If} $notariumPathDeclined != "1"
        ${NSD_Check} $notariumPathBox
      ${EndIf}
      nsDialogs::Show
    FunctionEnd

    Function notariumPathPageLeave
      ${NSD_GetState} $notariumPathBox $0
      ${If} $0 == ${BST_CHECKED}
        StrCpy $notariumPathDeclined ""
      ${Else}
        StrCpy $notariumPathDeclined "1"
      ${EndIf}
    FunctionEnd
  !macroend
!endif

!macro notariumSaveRegisters
  Push $R0
  Push $R1
  Push $R2
  Push $R3
  Push $R4
  Push $R5
  Push $R6
  Push $R7
  Push $R8
  Push $R9
!macroend

!macro notariumRestoreRegisters
  Pop $R9
  Pop $R8
  Pop $R7
  Pop $R6
  Pop $R5
  Pop $R4
  Pop $R3
  Pop $R2
  Pop $R1
  Pop $R0
!macroend

; Out: $R0, 0 when the user's Path exists as text (then $R1, its length in characters with the
; final null, and $R2, its type: 1 REG_SZ, 2 REG_EXPAND_SZ), 2 when there is none.
; RRF_RT_REG_SZ | RRF_RT_REG_EXPAND_SZ | RRF_NOEXPAND: the size of the value as stored, unexpanded.
!macro notariumPathSize
  System::Call 'advapi32::RegGetValueW(p 0x80000001, w "Environment", w "Path", i 0x10000006, *i .R2, p 0, *i .R1) i .R0'
  IntOp $R1 $R1 / 2
!macroend

; In: $R3, the Path's value. Out: $R4, the value without the command's folder (every other entry,
; empty ones too, as it was); $R5, how many times the folder was in it.
!macro notariumPathWithoutCommand
  StrCpy $R4 ""
  StrCpy $R5 0
  StrCpy $R6 ""
  StrCpy $R7 0
  StrCpy $R9 ""
  ${Do}
    StrCpy $R8 $R3 1 $R7
    ${If} $R8 == ";"
    ${OrIf} $R8 == ""
      ; Case does not count in Windows paths, nor in NSIS's comparison.
      ${If} $R6 == "${NOTARIUM_COMMAND_DIR}"
      ${OrIf} $R6 == "${NOTARIUM_COMMAND_DIR}\"
        IntOp $R5 $R5 + 1
      ${Else}
        ${If} $R9 == "1"
          StrCpy $R4 "$R4;"
        ${EndIf}
        StrCpy $R4 "$R4$R6"
        StrCpy $R9 "1"
      ${EndIf}
      StrCpy $R6 ""
      ${If} $R8 == ""
        ${ExitDo}
      ${EndIf}
    ${Else}
      StrCpy $R6 "$R6$R8"
    ${EndIf}
    IntOp $R7 $R7 + 1
  ${Loop}
!macroend

; Writes $R4 as the Path, in the type it had ($R2).
!macro notariumWritePath
  ${If} $R2 = 1
    WriteRegStr HKCU "Environment" "Path" $R4
  ${Else}
    WriteRegExpandStr HKCU "Environment" "Path" $R4
  ${EndIf}
!macroend

!macro notariumAnnounceEnvironment
  SendMessage ${HWND_BROADCAST} ${WM_SETTINGCHANGE} 0 "STR:Environment" /TIMEOUT=5000
!macroend

!macro notariumAddToPath
  !insertmacro notariumSaveRegisters
  !insertmacro notariumPathSize
  ${If} $R0 = 2
    WriteRegExpandStr HKCU "Environment" "Path" "${NOTARIUM_COMMAND_DIR}"
    !insertmacro notariumAnnounceEnvironment
  ${ElseIf} $R0 = 0
    ; What the new value needs: the old one with its null, a separator and the folder.
    StrLen $R4 "${NOTARIUM_COMMAND_DIR}"
    IntOp $R4 $R4 + $R1
    IntOp $R4 $R4 + 1
    ClearErrors
    ${If} $R4 <= ${NSIS_MAX_STRLEN}
      ReadRegStr $R3 HKCU "Environment" "Path"
    ${Else}
      SetErrors
    ${EndIf}
    ${If} ${Errors}
      MessageBox MB_OK|MB_ICONINFORMATION "Your PATH is too long for the installer to change safely, so the notarium command was not added to it. To run it by its name, add this folder to your PATH (Settings, System, About, Advanced system settings, Environment Variables): ${NOTARIUM_COMMAND_DIR}" /SD IDOK
    ${Else}
      !insertmacro notariumPathWithoutCommand
      ${If} $R5 = 0
        ${If} $R3 == ""
          StrCpy $R4 "${NOTARIUM_COMMAND_DIR}"
        ${ElseIf} $R3 == ";"
          StrCpy $R4 ";${NOTARIUM_COMMAND_DIR}"
        ${Else}
          StrCpy $R6 $R3 1 -1
          ${If} $R6 == ";"
            StrCpy $R4 "$R3${NOTARIUM_COMMAND_DIR}"
          ${Else}
            StrCpy $R4 "$R3;${NOTARIUM_COMMAND_DIR}"
          ${EndIf}
        ${EndIf}
        !insertmacro notariumWritePath
        !insertmacro notariumAnnounceEnvironment
      ${EndIf}
    ${EndIf}
  ${EndIf}
  !insertmacro notariumRestoreRegisters
!macroend

!macro notariumRemoveFromPath
  !insertmacro notariumSaveRegisters
  !insertmacro notariumPathSize
  ${If} $R0 = 0
    ClearErrors
    ${If} $R1 <= ${NSIS_MAX_STRLEN}
      ReadRegStr $R3 HKCU "Environment" "Path"
    ${Else}
      SetErrors
    ${EndIf}
    ${If} ${Errors}
      MessageBox MB_OK|MB_ICONINFORMATION "Your PATH is too long for the uninstaller to change safely. If it holds this folder, take it off yourself (Settings, System, About, Advanced system settings, Environment Variables): ${NOTARIUM_COMMAND_DIR}" /SD IDOK
    ${Else}
      !insertmacro notariumPathWithoutCommand
      ${If} $R5 > 0
        ${If} $R4 == ""
          DeleteRegValue HKCU "Environment" "Path"
        ${Else}
          !insertmacro notariumWritePath
        ${EndIf}
        !insertmacro notariumAnnounceEnvironment
      ${EndIf}
    ${EndIf}
  ${EndIf}
  !insertmacro notariumRestoreRegisters
!macroend

!macro customInstall
  !insertmacro notariumWriteVerifyVerb "${NOTARIUM_VERIFY_FILES}"
  !insertmacro notariumWriteVerifyVerb "${NOTARIUM_VERIFY_FOLDERS}"
  ; SHCNE_ASSOCCHANGED: Explorer rereads the verbs without a sign-out.
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'
  ${IfNot} ${isUpdated}
    ${If} $notariumPathDeclined == "1"
      !insertmacro notariumRemoveFromPath
    ${Else}
      !insertmacro notariumAddToPath
    ${EndIf}
  ${EndIf}
!macroend

!macro customUnInstall
  DeleteRegKey SHCTX "${NOTARIUM_VERIFY_FILES}"
  DeleteRegKey SHCTX "${NOTARIUM_VERIFY_FOLDERS}"
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'
  ${IfNot} ${isUpdated}
    !insertmacro notariumRemoveFromPath
  ${EndIf}
!macroend
