# PowerShell completion for pdo @PDO_VERSION@ (printed by `pdo completion powershell`).
# Install: Add-Content $PROFILE 'pdo completion powershell | Out-String | Invoke-Expression'
# At each Tab it asks `pdo __complete powershell WORD…`, which answers from pdo's own command table and the
# workspace around the current folder (lessons, steps, check items), so new commands need no new script.

Register-ArgumentCompleter -Native -CommandName @('pdo', 'pdo.exe') -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)
    $elements = @($commandAst.CommandElements | Where-Object { $_.Extent.StartOffset -lt $cursorPosition })
    $words = @()
    foreach ($element in $elements) {
        if ($element -is [System.Management.Automation.Language.StringConstantExpressionAst]) {
            $words += $element.Value
        } else {
            $words += $element.Extent.Text
        }
    }
    $program = $words[0]
    $words = @($words | Select-Object -Skip 1)
    # The word under the cursor is sent last, as typed so far ("" after a space).
    if ($wordToComplete -ne '' -and $words.Count -gt 0) {
        $words = @($words | Select-Object -First ($words.Count - 1))
    }
    $words += $wordToComplete
    # Windows PowerShell 5.1 drops empty arguments to programs: every word goes behind a '_'.
    $sent = @($words | ForEach-Object { '_' + $_ })
    $saved = [Console]::OutputEncoding
    try {
        [Console]::OutputEncoding = [System.Text.Encoding]::UTF8
        $lines = @(& $program __complete powershell @sent 2> $null)
    } finally {
        [Console]::OutputEncoding = $saved
    }
    if ($lines.Count -lt 2) { return }
    foreach ($line in ($lines | Select-Object -Skip 1)) {
        $parts = $line -split "`t", 2
        $value = $parts[0]
        $tip = if ($parts.Count -gt 1 -and $parts[1] -ne '') { $parts[1] } else { $value }
        [System.Management.Automation.CompletionResult]::new($value, $value, 'ParameterValue', $tip)
    }
}
