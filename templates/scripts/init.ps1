{{! pdo init --script powershell (src/workspace/script.cpp fills it), for Windows PowerShell 5.1 and
    PowerShell 7: the same tree with the same bytes as init.sh. target and path come quoted for PowerShell;
    content and message as base64. }}
{{#zh}}
# 由 pdo init --script powershell 生成：在没有 pdo 的机器上创建「{{title}}」学习工作区。
# 运行：powershell -ExecutionPolicy Bypass -File 本文件.ps1 [-Target 课程目录]（Windows PowerShell 5.1 和 PowerShell 7 都可以）。
# 已存在的文件一律不覆盖；文件按 UTF-8（无 BOM）逐字节写入；不运行自检；不安装 pre-commit 钩子；有 git 时建仓库并提交新文件。
{{/zh}}
{{^zh}}
# Made by pdo init --script powershell: creates the study workspace for "{{title}}" on a machine without pdo.
# Run: powershell -ExecutionPolicy Bypass -File this-file.ps1 [-Target course-folder] (Windows PowerShell 5.1 or PowerShell 7).
# Existing files are never overwritten; files are written byte for byte as UTF-8 without a BOM; no self-check runs;
# no pre-commit hook is installed; with git present it makes the repository and commits the new files.
{{/zh}}
param([string]$Target = {{target}})
$ErrorActionPreference = 'Stop'
{{! The folder is the text typed where the script was made (C:\Users\…, %USERPROFILE%\…, $env:USERPROFILE\…,
    ~\…): resolved here, on the machine it is for. }}
$Target = [Environment]::ExpandEnvironmentVariables($Target)
$Target = [regex]::Replace($Target, '\$env:(\w+)', { param($m) [Environment]::GetEnvironmentVariable($m.Groups[1].Value) })
if ($Target -match '^~(?=$|[\\/])') { $Target = $HOME + $Target.Substring(1) }
New-Item -ItemType Directory -Force -Path $Target | Out-Null
$Target = (Resolve-Path -LiteralPath $Target).ProviderPath
$script:created = 0
$script:kept = 0
function Add-PdoDir([string]$Rel) {
  $p = Join-Path $Target $Rel
  if (-not (Test-Path -LiteralPath $p)) { New-Item -ItemType Directory -Force -Path $p | Out-Null }
}
function Add-PdoFile([string]$Rel, [string]$Base64) {
  $p = Join-Path $Target $Rel
  if (Test-Path -LiteralPath $p) { $script:kept++; return }
  [System.IO.File]::WriteAllBytes($p, [System.Convert]::FromBase64String($Base64))
  $script:created++
}
{{#items}}
{{#dir}}
Add-PdoDir {{path}}
{{/dir}}
{{^dir}}
Add-PdoFile {{path}} '{{content}}'
{{/dir}}
{{/items}}
Write-Host ({{#zh}}'课程目录：'{{/zh}}{{^zh}}'Course folder: '{{/zh}} + $Target)
Write-Host ({{#zh}}'新建的文件：' + $script:created + ' 个；已存在、原样保留：'{{/zh}}{{^zh}}'files created: ' + $script:created + '; already there and kept as they were: '{{/zh}} + $script:kept)
{{! Native commands write to stderr on purpose (rev-parse outside a repo): with 'Stop', Windows PowerShell
    5.1 would turn that into an error, so git runs under 'Continue'. }}
$ErrorActionPreference = 'Continue'
if (Get-Command git -ErrorAction SilentlyContinue) {
  Push-Location -LiteralPath $Target
  try {
    git rev-parse --is-inside-work-tree 2>$null | Out-Null
    if ($LASTEXITCODE -ne 0) { git init -q . | Out-Null; Write-Host {{#zh}}'git：新建了仓库。'{{/zh}}{{^zh}}'git: created a repository.'{{/zh}} }
    $paths = @()
    foreach ($rel in @({{#items}}{{^dir}}{{sep}}{{path}}{{/dir}}{{/items}})) {
      git ls-files --error-unmatch -- $rel 2>$null | Out-Null
      if ($LASTEXITCODE -ne 0) { $paths += $rel }
    }
    if ($paths.Count -gt 0) {
      git -c core.safecrlf=false add -- @paths
      git config user.name | Out-Null; $hasName = ($LASTEXITCODE -eq 0)
      git config user.email | Out-Null; $hasEmail = ($LASTEXITCODE -eq 0)
      if ($hasName -and $hasEmail) {
        $msg = [System.IO.Path]::GetTempFileName()
        [System.IO.File]::WriteAllBytes($msg, [System.Convert]::FromBase64String('{{message}}'))
        git -c core.safecrlf=false commit -q -F $msg -- @paths
        Remove-Item -LiteralPath $msg
        Write-Host ({{#zh}}'git：已提交 ' + $paths.Count + ' 个课程文件（只有这些文件）。'{{/zh}}{{^zh}}'git: committed ' + $paths.Count + ' course files (only those).'{{/zh}})
      } else {
        Write-Host {{#zh}}'git：还不知道你的名字和邮箱，文件已暂存但没有提交。运行 git config user.name "你的名字" 和 git config user.email 你的邮箱 后再运行 git commit。'{{/zh}}{{^zh}}'git: your name and email are not set; the files are staged but not committed. Run git config user.name "Your Name" and git config user.email you@example.com, then git commit.'{{/zh}}
      }
    } else { Write-Host {{#zh}}'git：没有新文件需要提交。'{{/zh}}{{^zh}}'git: no new file to commit.'{{/zh}} }
  } finally { Pop-Location }
} else {
  Write-Host {{#zh}}'git：这台机器上没有 git（Git for Windows 是可选的），没有建仓库、没有提交；文件照样可用。'{{/zh}}{{^zh}}'git: not on this machine (Git for Windows is optional), so no repository and no commit; the files work as they are.'{{/zh}}
}
Write-Host {{#zh}}'没有安装 pre-commit 钩子：pdo 的钩子要调用 pdo，没有 pdo 时它会拦下每一次提交。装好 pdo 后运行 pdo init 会装上它。'{{/zh}}{{^zh}}'No pre-commit hook was installed: pdo''s hook calls pdo and would block every commit without it. Run pdo init once pdo is installed to add it.'{{/zh}}
Write-Host {{#zh}}'check-env.md 里的自检项目尚未验证：这个脚本没有运行任何检查。装好 pdo 后运行 pdo check，或按 check-env.md 逐项自己检查。'{{/zh}}{{^zh}}'The self-check items in check-env.md are not yet verified: this script ran no check. Run pdo check once pdo is installed, or go through check-env.md yourself.'{{/zh}}
