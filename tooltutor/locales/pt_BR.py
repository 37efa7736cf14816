"""The interface in Brazilian Portuguese: English string -> translation (see tooltutor/i18n.py).

A tuple holds the singular and the plural form, under the English singular (`tn`). Keep
every `{placeholder}` of the English string; command names, options, file names, ids and
technical terms (`tool_use`, JSON, $EDITOR) stay as they are. tests/i18n checks that every
string the code marks is here, with the same placeholders.
"""

from __future__ import annotations

#: `tooltutor --help` after the options (laid out in lines, kept as they are).
_HELP_EPILOG = """\
exit codes:
  0    done: the answer passes, the request is valid, the course is valid
  1    the answer fails, the request is invalid, the course has errors, or you said no
  2    a usage or file problem (unknown command or exercise, unreadable file)
  70   an internal error (a bug in tooltutor; TOOLTUTOR_DEBUG=1 shows it)
  130  interrupted (Ctrl+C)

environment variables:
  TOOLTUTOR_COURSE          course directory (as --course)
  TOOLTUTOR_LANG            language of the course and the interface (as --lang)
  TOOLTUTOR_TRUST=1         trust a course's own Python code (as --trust)
  TOOLTUTOR_HOME            folder of the progress store and caches (default: the
                            user data folder)
  TOOLTUTOR_MAX_FILE_BYTES  largest answer or request file read (default: 10 MB)
  TOOLTUTOR_SANDBOX         auto, bwrap or none: how Python exercises are contained
  TOOLTUTOR_PAGER, PAGER    pager of 'show' (default: less)
  EDITOR, VISUAL            editor the TUI opens with 'e'
  NO_COLOR                  plain output, no colours
  TOOLTUTOR_DEBUG=1         show the traceback of an internal error

shell completion: tooltutor completion bash|zsh|fish (see 'tooltutor completion --help')
"""

_HELP_EPILOG_PT = """\
códigos de saída:
  0    feito: a resposta passa, a requisição é válida, o curso é válido
  1    a resposta não passa, a requisição é inválida, o curso tem erros, ou você disse não
  2    um problema de uso ou de arquivo (comando ou exercício desconhecido, arquivo ilegível)
  70   um erro interno (um bug do tooltutor; TOOLTUTOR_DEBUG=1 o mostra)
  130  interrompido (Ctrl+C)

variáveis de ambiente:
  TOOLTUTOR_COURSE          pasta do curso (como --course)
  TOOLTUTOR_LANG            idioma do curso e da interface (como --lang)
  TOOLTUTOR_TRUST=1         confiar no código Python do próprio curso (como --trust)
  TOOLTUTOR_HOME            pasta do registro de progresso e dos caches (padrão: a
                            pasta de dados do usuário)
  TOOLTUTOR_MAX_FILE_BYTES  maior arquivo de resposta ou de requisição lido (padrão: 10 MB)
  TOOLTUTOR_SANDBOX         auto, bwrap ou none: como os exercícios Python são contidos
  TOOLTUTOR_PAGER, PAGER    paginador do 'show' (padrão: less)
  EDITOR, VISUAL            editor que a interface abre com 'e'
  NO_COLOR                  saída simples, sem cores
  TOOLTUTOR_DEBUG=1         mostrar o traceback de um erro interno

completar no shell: tooltutor completion bash|zsh|fish (veja 'tooltutor completion --help')
"""


MESSAGES: dict[str, str | tuple[str, str]] = {
    # -- command line ------------------------------------------------------------------
    "tooltutor: warning: the course has {n} problem; the broken parts are left out (run "
    "'tooltutor validate' to see them)": (
        "tooltutor: aviso: o curso tem {n} problema; as partes com defeito ficam de fora "
        "(rode 'tooltutor validate' para vê-lo)",
        "tooltutor: aviso: o curso tem {n} problemas; as partes com defeito ficam de fora "
        "(rode 'tooltutor validate' para vê-los)",
    ),
    "note: {notice}": "aviso: {notice}",
    "({kind}, level {level})": "({kind}, nível {level})",
    "[x] passed  [~] attempted  [ ] not started": "[x] resolvido  [~] tentado  [ ] não iniciado",
    "{tag} not translated yet, in whole or in part": (
        "{tag} ainda não traduzido, no todo ou em parte"
    ),
    "PASS: the one criterion is met.": (
        "PASSOU: o único critério foi atendido.",
        "PASSOU: todos os {n} critérios atendidos.",
    ),
    "FAIL: {met} of {n} criterion met.": (
        "FALHOU: {met} de {n} critério atendido.",
        "FALHOU: {met} de {n} critérios atendidos.",
    ),
    # tooltutor show
    "Lesson {number} of {total}: {title}": "Lição {number} de {total}: {title}",
    "Lesson {number}, {title}": "Lição {number}, {title}",
    "You will be able to:": "Você será capaz de:",
    "Take first: {lessons}": "Faça antes: {lessons}",
    "Check {number}: {prompt}": "Pergunta {number}: {prompt}",
    "(the answers are at the end of the lesson)": "(as respostas estão no fim da lição)",
    "Recap": "Resumo",
    "Answers to the checks": "Respostas das perguntas",
    "right": "certa",
    "wrong": "errada",
    "Sources": "Fontes",
    "Exercises": "Exercícios",
    "- {id}: {title} ({kind}, level {level})": "- {id}: {title} ({kind}, nível {level})",
    "In your own editor: tooltutor start {id}, then tooltutor check after each save (or "
    "leave tooltutor watch running).": (
        "No seu próprio editor: tooltutor start {id}, depois tooltutor check a cada vez que "
        "salvar (ou deixe tooltutor watch rodando)."
    ),
    "Start one with: tooltutor, or check a file: tooltutor check {id} FILE": (
        "Comece um com: tooltutor, ou verifique um arquivo: tooltutor check {id} ARQUIVO"
    ),
    "This lesson is not translated yet.": "Esta lição ainda não foi traduzida.",
    "This exercise is not translated yet.": "Este exercício ainda não foi traduzido.",
    "Parts of this lesson are not translated yet.": (
        "Partes desta lição ainda não foram traduzidas."
    ),
    "Parts of this exercise are not translated yet.": (
        "Partes deste exercício ainda não foram traduzidas."
    ),
    # tooltutor start, tooltutor watch
    "Wrote {path} ({source}).": "{path} gravado ({source}).",
    "your saved draft": "o seu rascunho salvo",
    "the starter": "o texto inicial",
    "the conflict copy saved at {time}": "a cópia de conflito salva às {time}",
    "A conflict copy of this draft (saved at {time}) is kept too: tooltutor start {id} "
    "--conflict --force writes it instead.": (
        "Uma cópia de conflito deste rascunho (salva às {time}) também está guardada: "
        "tooltutor start {id} --conflict --force grava essa cópia no lugar."
    ),
    "The draft of {id} was saved by another tooltutor at {time} and was left as it is; "
    "your text is kept as a conflict copy (tooltutor start {id} --conflict writes it to a "
    "file).": (
        "O rascunho de {id} foi salvo por outro tooltutor às {time} e ficou como estava; o "
        "seu texto está guardado como cópia de conflito (tooltutor start {id} --conflict o "
        "grava num arquivo)."
    ),
    "Next:": "Próximos passos:",
    "  1. open {path} in your editor;": "  1. abra {path} no seu editor;",
    "  2. in another terminal, run: tooltutor watch{folder}": (
        "  2. em outro terminal, rode: tooltutor watch{folder}"
    ),
    "     (or check once: tooltutor check{folder})": (
        "     (ou verifique uma vez: tooltutor check{folder})"
    ),
    "{path} already exists: it is kept as it is (--force replaces it with your saved draft, "
    "or the starter).": (
        "{path} já existe: fica como está (--force o substitui pelo seu rascunho salvo, ou "
        "pelo texto inicial)."
    ),
    "Write the id of your answer on the next line, e.g. {example}": (
        "Escreva o id da sua resposta na próxima linha, por exemplo {example}"
    ),
    "Write the ids of your answers on the next line, separated by commas, e.g. {example}": (
        "Escreva os ids das suas respostas na próxima linha, separados por vírgulas, por "
        "exemplo {example}"
    ),
    # tooltutor check, hint, next
    "Next: tooltutor next (the next exercise you have not passed)": (
        "Próximo: tooltutor next (o próximo exercício que você ainda não resolveu)"
    ),
    "Stuck? tooltutor hint {id} shows a hint.": "Travou? tooltutor hint {id} mostra uma dica.",
    "This exercise has no hints.": "Este exercício não tem dicas.",
    "You have passed every exercise of the course. Well done!": (
        "Você resolveu todos os exercícios do curso. Parabéns!"
    ),
    "{id} is not passed yet; come back to it with: tooltutor start {id}": (
        "{id} ainda não foi resolvido; volte a ele com: tooltutor start {id}"
    ),
    "{id} is the only exercise you have not passed yet: keep at it (tooltutor hint shows "
    "a hint).": (
        "{id} é o único exercício que você ainda não resolveu: continue nele (tooltutor hint "
        "mostra uma dica)."
    ),
    "Your file {path} is kept as it is.": "O seu arquivo {path} fica como está.",
    "What is checked:": "O que é verificado:",
    "Watching {path}: save it in your editor to check it.": (
        "Observando {path}: salve o arquivo no seu editor para verificá-lo."
    ),
    "Press [n] for the next exercise.": "Tecle [n] para ir ao próximo exercício.",
    "[r] check  [f] full list  [t] task  [h] hint  [n] next  [l] list  [q] quit": (
        "[r] verificar  [f] lista completa  [t] tarefa  [h] dica  [n] próximo  [l] lista  [q] sair"
    ),
    "check {number} at {time}": "verificação {number} às {time}",
    "Progress: {bar} {done}/{total} exercises passed": (
        "Progresso: {bar} {done}/{total} exercícios resolvidos"
    ),
    "Checking {path}...": "Verificando {path}...",
    "Watching {path}; save it to check it.": "Observando {path}; salve-o para verificá-lo.",
    "[f] shows the first problem only.": "[f] mostra só o primeiro problema.",
    "{what}: [f] shows the full list.": "{what}: [f] mostra a lista completa.",
    "{n} more criterion not met": (
        "mais {n} critério não atendido",
        "mais {n} critérios não atendidos",
    ),
    "{n} more problem": ("mais {n} problema", "mais {n} problemas"),
    "No more hints: all {total} are shown above.": ("Não há mais dicas: as {total} estão acima."),
    "Hint {number} of {total}: {hint}": "Dica {number} de {total}: {hint}",
    "  <- you are here": "  <- você está aqui",
    "Pass this exercise first; [h] shows a hint.": (
        "Resolva este exercício primeiro; [h] mostra uma dica."
    ),
    "{path} is gone. Recreate it with: tooltutor start {id} --dir {workdir} --force": (
        "{path} sumiu. Crie de novo com: tooltutor start {id} --dir {workdir} --force"
    ),
    # -- progress, the journey ------------------------------------------------------------
    "passed": "resolvido",
    "tried, not passed yet": "tentado, ainda não resolvido",
    "not started": "não iniciado",
    "checks {done}/{total}": "perguntas {done}/{total}",
    "exercises {done}/{total}": "exercícios {done}/{total}",
    "Course complete: review any lesson": "Curso concluído: revise qualquer lição",
    "Lesson {number} exercise: {title}": "Exercício da lição {number}: {title}",
    "Lesson {number}, page {page}": "Lição {number}, página {page}",
    # -- lesson pages -----------------------------------------------------------------------
    "Objectives": "Objetivos",
    "Take first:": "Faça antes:",
    "In this lesson:": "Nesta lição:",
    "Recap and sources": "Resumo e fontes",
    # -- the workspace ------------------------------------------------------------------------
    "You have checked {n} times without passing. Seeing the solution now is fine, but "
    "working it out (with a hint) teaches more. Show the solution?": (
        "Você já verificou {n} vezes sem passar. Ver a solução agora não tem problema, mas "
        "descobrir sozinho (com uma dica) ensina mais. Mostrar a solução?"
    ),
    "The solution opens after you pass, or after {n} more failed check. Try a hint (h) first.": (
        "A solução abre depois que você passar, ou depois de mais {n} verificação sem "
        "sucesso. Tente uma dica (h) antes.",
        "A solução abre depois que você passar, ou depois de mais {n} verificações sem "
        "sucesso. Tente uma dica (h) antes.",
    ),
    "No hints for this exercise.": "Este exercício não tem dicas.",
    "Hints: all {total} shown.": "Dicas: todas as {total} à mostra.",
    "Hints: {revealed} of {total} shown. Press h for the next one.": (
        "Dicas: {revealed} de {total} à mostra. Tecle h para ver a próxima."
    ),
    "answer": "resposta",
    "Passed: all {total} criteria met.": "Passou: todos os {total} critérios atendidos.",
    "unreadable": "ilegível",
    "Not checked: {reason}": "Não verificado: {reason}",
    "Not yet: {met} of {total} criteria met.": "Ainda não: {met} de {total} critérios atendidos.",
    "${name} ({value}) cannot be read as a command.": (
        "${name} ({value}) não pode ser lido como um comando."
    ),
    "${name} is {value}, but no such program was found.": (
        "${name} é {value}, mas esse programa não foi encontrado."
    ),
    "No editor found: set $EDITOR (for example, EDITOR=nano).": (
        "Nenhum editor encontrado: defina $EDITOR (por exemplo, EDITOR=nano)."
    ),
    # -- the terminal interface -------------------------------------------------------------
    "Progress": "Progresso",
    "You have finished every lesson and exercise. Well done!": (
        "Você concluiu todas as lições e exercícios. Parabéns!"
    ),
    # course map
    "Continue": "Continuar",
    "Continue: {step}": "Continuar: {step}",
    "{what} cannot be opened: its file is missing or broken (run 'tooltutor validate' to "
    "see why).": (
        "{what} não pode ser aberto: o arquivo falta ou tem defeito (rode 'tooltutor "
        "validate' para saber por quê)."
    ),
    "Lessons": "Lições",
    "(not available: its file is broken)": "(indisponível: o arquivo tem defeito)",
    "(not available: its file is missing or broken)": (
        "(indisponível: o arquivo falta ou tem defeito)"
    ),
    "Lesson {number}: {title}": "Lição {number}: {title}",
    "Checks answered: {done} of {total}": "Perguntas respondidas: {done} de {total}",
    "Exercises passed: {done} of {total}": "Exercícios resolvidos: {done} de {total}",
    "Enter: read the lesson": "Enter: ler a lição",
    "Level {level} · answer in {kind}": "Nível {level} · resposta em {kind}",
    "Enter: open the exercise": "Enter: abrir o exercício",
    "The lesson {id} is listed by the course, but its file is missing or could not be "
    "loaded. Run 'tooltutor validate' to see why.": (
        "A lição {id} está listada no curso, mas o arquivo dela falta ou não pôde ser "
        "carregado. Rode 'tooltutor validate' para saber por quê."
    ),
    "The exercise {id} is listed by the course, but its file is missing or could not be "
    "loaded. Run 'tooltutor validate' to see why.": (
        "O exercício {id} está listado no curso, mas o arquivo dele falta ou não pôde ser "
        "carregado. Rode 'tooltutor validate' para saber por quê."
    ),
    "Where to look:": "Onde procurar:",
    "… and {count} more": "… e mais {count}",
    # command palette
    "Read the lesson ({id})": "Ler a lição ({id})",
    "Exercise: {title}": "Exercício: {title}",
    "Lesson {number} · {id}": "Lição {number} · {id}",
    # lesson reader
    "Previous": "Anterior",
    "Next": "Próxima",
    "page {number} of {total}": "página {number} de {total}",
    "Exercises (Enter opens one)": "Exercícios (Enter abre um)",
    "This lesson has no exercises.": "Esta lição não tem exercícios.",
    "Check {number}": "Pergunta {number}",
    "More than one answer is right: try each one you think fits.": (
        "Mais de uma resposta está certa: experimente cada uma que você acha que serve."
    ),
    "Right.": "Certo.",
    "Not quite.": "Não exatamente.",
    "Your answer was {letter}). ": "Sua resposta foi {letter}). ",
    "You chose {letter}). ": "Você escolheu {letter}). ",
    "Sources of this lesson": "Fontes desta lição",
    "Sources cited on this page": "Fontes citadas nesta página",
    "**Reading a lesson.** Each page is one section. Right (or n) turns to the next page,\n"
    "left (or p) to the previous one; up, down, Page Up and Page Down scroll the page.\n"
    "Tab reaches the inline checks: choose an answer with the arrow keys and Enter to read\n"
    "its feedback (your answer is saved). Tab also reaches wide code blocks and diagrams;\n"
    "there, left and right scroll sideways. The last page has the recap, every source, and\n"
    "the lesson's exercises (x opens the next one).\n": (
        "**Lendo uma lição.** Cada página é uma seção. Seta para a direita (ou n) vai para a\n"
        "próxima página, seta para a esquerda (ou p) volta para a anterior; setas para cima e\n"
        "para baixo, Page Up e Page Down rolam a página. Tab chega às perguntas: escolha uma\n"
        "resposta com as setas e tecle Enter para ler o comentário sobre ela (sua resposta\n"
        "fica salva). Tab também chega aos blocos de código e diagramas largos; neles, as\n"
        "setas para os lados rolam o conteúdo. A última página tem o resumo, todas as fontes\n"
        "e os exercícios da lição (x abre o próximo).\n"
    ),
    # exercise workspace
    "Check {key}": "Verificar {key}",
    "{a} or {b}": "{a} ou {b}",
    "Go to": "Ir para",
    "Jump to any lesson or exercise.": "Leva a qualquer lição ou exercício.",
    "Hint h": "Dica h",
    "Solution s": "Solução s",
    "Reset r": "Recomeçar r",
    "What is checked": "O que é verificado",
    "Criteria": "Critérios",
    "Why this works": "Por que isso funciona",
    "Last check: passed. Press {key} to check again.": (
        "Última verificação: passou. Tecle {key} para verificar de novo."
    ),
    "Last check: {met} of {total} criteria met. Press {key} to check again.": (
        "Última verificação: {met} de {total} critérios atendidos. Tecle {key} para "
        "verificar de novo."
    ),
    "Not checked yet. Press {key} to check your answer.": (
        "Ainda não verificado. Tecle {key} para verificar a sua resposta."
    ),
    "Lesson {lesson} · exercise {number} of {total} · ": (
        "Lição {lesson} · exercício {number} de {total} · "
    ),
    "level {level} · answer in {kind} · {status}": "nível {level} · resposta em {kind} · {status}",
    "not passed yet": "ainda não resolvido",
    "new": "novo",
    "Still checking your last answer…": "Ainda verificando a sua última resposta…",
    "Checking…": "Verificando…",
    "This answer could not be marked: {why}": "Não foi possível corrigir esta resposta: {why}",
    "The checker failed: {why}": "O verificador falhou: {why}",
    "The solution is available (s).": "A solução está disponível (s).",
    "Enter on a problem below jumps to it.": "Enter num problema abaixo leva até ele.",
    "Every hint is shown already.": "Todas as dicas já estão à mostra.",
    "The editor holds the starter text again.": "O editor voltou ao texto inicial.",
    "This terminal cannot hand over to another editor.": (
        "Este terminal não consegue passar o controle para outro editor."
    ),
    "Could not start {command}: {reason}": "Não foi possível iniciar {command}: {reason}",
    "{command} exited with status {status}.": "{command} terminou com status {status}.",
    "Your answer was loaded from the editor and saved.": (
        "Sua resposta foi carregada do editor e salva."
    ),
    # dialogs
    "Are you sure?": "Tem certeza?",
    "Yes": "Sim",
    "Cancel": "Cancelar",
    "Start again?": "Começar de novo?",
    "Run this course's code?": "Rodar o código deste curso?",
    "Trust and run": "Confiar e rodar",
    "Do not run": "Não rodar",
    "Not checked: the course's own code was not trusted.": (
        "Não corrigido: o código próprio do curso não recebeu confiança."
    ),
    "The editor goes back to the starter text, and what you typed is lost. Your checks, "
    "hints and progress are kept.": (
        "O editor volta ao texto inicial, e o que você digitou se perde. Suas verificações, "
        "dicas e seu progresso continuam guardados."
    ),
    "Reset": "Recomeçar",
    "Show the solution?": "Mostrar a solução?",
    "Show it": "Mostrar",
    "Keep trying": "Continuar tentando",
    "Solution: {title}": "Solução: {title}",
    "Escape closes.": "Escape fecha.",
    # help
    "Help": "Ajuda",
    "Keys on this screen": "Teclas desta tela",
    "**Everywhere:** Tab and Shift+Tab move between parts of the screen; arrow keys move\n"
    "inside a list, a page or the editor; Enter opens or chooses. Escape goes back (in the\n"
    "editor, Escape first leaves the editor). {palette} jumps to any lesson or exercise.\n"
    "{help} (or ?) shows this help; {quit} quits, and your drafts are saved.\n": (
        "**Em qualquer tela:** Tab e Shift+Tab passam de uma parte da tela para outra; as "
        "setas andam dentro de uma lista, de uma página ou do editor; Enter abre ou escolhe. "
        "Escape volta (no editor, Escape primeiro sai do editor). {palette} leva a qualquer "
        "lição ou exercício. {help} (ou ?) mostra esta ajuda; {quit} sai, e seus rascunhos "
        "ficam salvos.\n"
    ),
    # -- keys: what the footer and the help say ----------------------------------------------
    "Show the keys of this screen.": "Mostra as teclas desta tela.",
    "Quit": "Sair",
    "Quit; your drafts are saved.": "Sai; seus rascunhos ficam salvos.",
    "Turn to the next page.": "Vai para a próxima página.",
    "Turn to the previous page.": "Volta para a página anterior.",
    "Exercise": "Exercício",
    "Open the lesson's next exercise.": "Abre o próximo exercício da lição.",
    "Map": "Mapa",
    "Back to the course map.": "Volta ao mapa do curso.",
    "Check": "Verificar",
    "Mark your answer.": "Verifica a sua resposta.",
    "Hint": "Dica",
    "Reveal the next hint.": "Mostra a próxima dica.",
    "Solution": "Solução",
    "Show the solution (after a pass).": "Mostra a solução (depois que você passar).",
    "Put the starter text back in the editor.": "Põe o texto inicial de volta no editor.",
    "Editor": "Editor",
    "Edit your answer in $EDITOR.": "Edita a sua resposta no $EDITOR.",
    "Edit": "Editar",
    "Put the cursor in the editor.": "Põe o cursor no editor.",
    "Task": "Tarefa",
    "Enlarge": "Ampliar",
    "Enlarge the focused pane, or restore it.": "Amplia o painel em foco, ou o restaura.",
    "Back": "Voltar",
    "Back to where you came from.": "Volta para onde você estava.",
    "Close": "Fechar",
    "Close the help.": "Fecha a ajuda.",
    "Close the solution.": "Fecha a solução.",
    "No": "Não",
    "Cancel.": "Cancela.",
    "Switch button": "Trocar de botão",
    "Leave editor": "Sair do editor",
    "Leave the editor (Tab comes back).": "Sai do editor (Tab volta).",
    "Fold": "Recolher",
    "Scroll up": "Rolar para cima",
    "Scroll down": "Rolar para baixo",
    "Page up": "Página acima",
    "Page down": "Página abaixo",
    "Top": "Início",
    "Bottom": "Fim",
    # -- issue 17: the exercise screen at 80x24, what next, no spoilers ----------------
    "**Solving an exercise.** Write your answer in the editor: Tab indents, Enter keeps the\n"
    "indentation. {task} shows the whole task over the editor and back (y there copies one of\n"
    "its code blocks to the cursor); {enlarge} enlarges the editor and back. {check} marks\n"
    "the answer: the criteria show as a checklist, and each problem found is listed; Enter\n"
    "on one puts the cursor on it. h reveals the next hint, shown above the criteria. After\n"
    "a pass, the explanation is shown and {next} opens what comes next. The\n"
    "solution opens after a pass, or after three failed checks if you confirm. r resets the\n"
    "editor to the starter text; e opens your answer in $EDITOR. Letter keys work outside\n"
    "the editor: Escape leaves it, i goes back in. Your draft is saved as you type.\n": (
        "**Resolvendo um exercício.** Escreva a sua resposta no editor: Tab indenta, Enter "
        "mantém a indentação. {task} mostra a tarefa inteira por cima do editor e volta (ali, "
        "y copia um dos blocos de código dela para o cursor); {enlarge} amplia o editor e o "
        "restaura. {check} corrige a resposta: os critérios aparecem como uma lista de "
        "verificação, e cada problema encontrado aparece listado; Enter num deles leva o "
        "cursor até ele. h mostra a próxima dica, acima dos critérios. Depois que você "
        "passar, a explicação aparece e {next} abre o que vem a seguir. A solução abre "
        "depois que você passar, ou depois de três verificações sem sucesso, se você "
        "confirmar. r volta o editor ao texto inicial; e abre a sua resposta no $EDITOR. As "
        "teclas de letra funcionam fora do editor: Escape sai dele, i volta para ele. Seu "
        "rascunho é salvo enquanto você digita.\n"
    ),
    "{key}: whole task": "{key}: tarefa inteira",
    "{key}: back to the editor · y: copy its code": (
        "{key}: volta ao editor · y: copia o código dela"
    ),
    "Show the whole task, or go back to the editor.": (
        "Mostra a tarefa inteira, ou volta ao editor."
    ),
    "Enlarge the editor to the whole screen, or restore it.": (
        "Amplia o editor para a tela inteira, ou o restaura."
    ),
    "After a pass: open the next exercise or lesson.": (
        "Depois de passar: abre o próximo exercício ou lição."
    ),
    "Copy code": "Copiar código",
    "Copy a code block of the task into the editor.": (
        "Copia um bloco de código da tarefa para o editor."
    ),
    "Copy a code block of the task into the editor": (
        "Copiar um bloco de código da tarefa para o editor"
    ),
    "Enter copies it where the cursor is; Escape cancels.": (
        "Enter o copia onde está o cursor; Escape cancela."
    ),
    "{n} line": (
        "{n} linha",
        "{n} linhas",
    ),
    "Code block {number} copied into the editor.": (
        "Bloco de código {number} copiado para o editor."
    ),
    "The task has no code block to copy.": "A tarefa não tem bloco de código para copiar.",
    "This exercise is answered by choosing, not by writing code.": (
        "Este exercício se responde escolhendo, não escrevendo código."
    ),
    "Pass this exercise first; h shows a hint.": (
        "Resolva este exercício primeiro; h mostra uma dica."
    ),
    "Next ({keys}): {where}": "Próximo ({keys}): {where}",
    "Lesson {number} complete! Next ({keys}): {where}": (
        "Lição {number} concluída! Próximo ({keys}): {where}"
    ),
    "Every exercise of Lesson {number} is passed; {n} check on its pages is not answered yet. "
    "Next ({keys}): {where}": (
        "Todos os exercícios da lição {number} estão resolvidos; {n} pergunta das páginas "
        "dela ainda não tem resposta. Próximo ({keys}): {where}",
        "Todos os exercícios da lição {number} estão resolvidos; {n} perguntas das páginas "
        "dela ainda não têm resposta. Próximo ({keys}): {where}",
    ),
    "You have finished the whole course. Well done!": "Você concluiu o curso inteiro. Parabéns!",
    "Course": "Curso",
    "{done} of {total} done ({percent}%)": "{done} de {total} feitos ({percent}%)",
    "Resume where you were last: that lesson page or exercise.": (
        "Retoma onde você parou: aquela página de lição ou aquele exercício."
    ),
    "Resume where you were last": "Retoma onde você parou",
    "Fold or unfold a lesson.": "Recolhe ou abre uma lição.",
    "{hidden}: not found yet": "{hidden}: ainda não encontrado",
    "{hidden}: found and fixed — {label}": "{hidden}: encontrado e corrigido — {label}",
    "{hidden}: {label}": "{hidden}: {label}",
    "The mistakes still to find are named once you fix them.": (
        "Os erros que faltam encontrar são nomeados quando você os corrigir."
    ),
    "The mistakes still to find are named once you fix them, or with hint {number} ({key}).": (
        "Os erros que faltam encontrar são nomeados quando você os corrigir, ou com a dica "
        "{number} ({key})."
    ),
    "{n} problem the checker found is held back: it would name one.": (
        "{n} problema encontrado pelo verificador fica guardado: ele nomearia um erro.",
        "{n} problemas encontrados pelo verificador ficam guardados: eles nomeariam os erros.",
    ),
    "Held back for now: it would name a mistake you are to find.": (
        "Guardado por enquanto: nomearia um erro que você deve encontrar."
    ),
    "Hint {number} (h) gives the reason.": "A dica {number} (h) dá o motivo.",
}

#: Textual's own keys (its widgets and the app), as the help lists them, and its command
#: palette's commands: looked up where they are shown, so they are not marked in
#: tooltutor's code.
TEXTUAL_KEYS: dict[str, str] = {
    "palette": "paleta",
    "Open the command palette": "Abre a paleta de comandos",
    "Quit the app and return to the command prompt.": "Sai do app e volta ao prompt de comando.",
    "Focus Next": "Foca a próxima parte",
    "Focus Previous": "Foca a parte anterior",
    "Copy selected text": "Copia o texto selecionado",
    "Cursor Up": "Cursor para cima",
    "Cursor Down": "Cursor para baixo",
    "Scroll Up": "Rola para cima",
    "Scroll Down": "Rola para baixo",
    "Scroll Left": "Rola para a esquerda",
    "Scroll Right": "Rola para a direita",
    "Scroll Home": "Rola até o início",
    "Scroll End": "Rola até o fim",
    "Page Up": "Página acima",
    "Page Down": "Página abaixo",
    "Page Left": "Página à esquerda",
    "Page Right": "Página à direita",
    "Cursor to parent": "Cursor para o item pai",
    "Cursor to next ancestor": "Cursor para o próximo ancestral",
    "Cursor to previous sibling": "Cursor para o item irmão anterior",
    "Cursor to next sibling": "Cursor para o próximo item irmão",
    "Select": "Seleciona",
    "Toggle": "Abre ou recolhe",
    "Expand or collapse all": "Abre ou recolhe tudo",
    "Up": "Para cima",
    "Down": "Para baixo",
    "First": "Primeiro",
    "Last": "Último",
    "Toggle option": "Marca ou desmarca a opção",
    "Cursor up": "Cursor para cima",
    "Cursor down": "Cursor para baixo",
    "Cursor left": "Cursor para a esquerda",
    "Cursor right": "Cursor para a direita",
    "Cursor line start": "Cursor para o início da linha",
    "Cursor line end": "Cursor para o fim da linha",
    "Cursor page up": "Cursor uma página acima",
    "Cursor page down": "Cursor uma página abaixo",
    "Cursor word left": "Cursor uma palavra à esquerda",
    "Cursor word right": "Cursor uma palavra à direita",
    "Cursor left word select": "Seleciona uma palavra à esquerda",
    "Cursor right word select": "Seleciona uma palavra à direita",
    "Cursor line start select": "Seleciona até o início da linha",
    "Cursor line end select": "Seleciona até o fim da linha",
    "Cursor up select": "Seleciona para cima",
    "Cursor down select": "Seleciona para baixo",
    "Cursor left select": "Seleciona para a esquerda",
    "Cursor right select": "Seleciona para a direita",
    "Select line": "Seleciona a linha",
    "Select all": "Seleciona tudo",
    "Delete character left": "Apaga o caractere à esquerda",
    "Delete left to start of word": "Apaga até o início da palavra",
    "Delete character right": "Apaga o caractere à direita",
    "Delete right to start of word": "Apaga até o início da próxima palavra",
    "Cut": "Recorta",
    "Copy": "Copia",
    "Paste": "Cola",
    "Delete to line start": "Apaga até o início da linha",
    "Delete to line end": "Apaga até o fim da linha",
    "Delete line": "Apaga a linha",
    "Undo": "Desfaz",
    "Redo": "Refaz",
    "Press button": "Aperta o botão",
    # the command palette's own commands
    "Theme": "Tema",
    "Change the current theme": "Muda o tema atual",
    "Quit the application as soon as possible": "Sai do aplicativo imediatamente",
    "Keys": "Teclas",
    "Hide the keys and widget help panel": "Esconde o painel de teclas e ajuda",
    "Show help for the focused widget and a summary of available keys": (
        "Mostra a ajuda da parte em foco e um resumo das teclas disponíveis"
    ),
    "Minimize": "Restaurar",
    "Minimize the widget and restore to normal size": "Volta a parte ampliada ao tamanho normal",
    "Maximize": "Ampliar",
    "Maximize the focused widget": "Amplia a parte em foco",
    "Screenshot": "Captura de tela",
    "Save an SVG 'screenshot' of the current screen": "Salva uma 'captura' SVG da tela atual",
}

MESSAGES.update(TEXTUAL_KEYS)

# -- the command line's help, and tooltutor progress --------------------------------------
HELP_AND_PROGRESS: dict[str, str | tuple[str, str]] = {
    "list lessons and exercises with their status": (
        "lista as lições e os exercícios, com o seu status"
    ),
    "print a lesson as readable text": "mostra uma lição como texto legível",
    "write an exercise to a file, to solve it in your own editor": (
        "grava um exercício num arquivo, para resolvê-lo no seu próprio editor"
    ),
    "mark your answer (default: the current exercise, in its file)": (
        "corrige a sua resposta (padrão: o exercício atual, no arquivo dele)"
    ),
    "show the next hint of an exercise (default: the current one)": (
        "mostra a próxima dica de um exercício (padrão: o atual)"
    ),
    "go on to the next exercise you have not passed, in your editor": (
        "passa para o próximo exercício que você ainda não resolveu, no seu editor"
    ),
    "check the current exercise each time you save its file": (
        "verifica o exercício atual cada vez que você salva o arquivo dele"
    ),
    "judge a tool-calling request as the Anthropic or OpenAI API would": (
        "avalia uma requisição com chamada de ferramentas como a API da Anthropic ou da "
        "OpenAI avaliaria"
    ),
    "check a course directory and self-test its exercises": (
        "verifica a pasta de um curso e autotesta os exercícios dele"
    ),
    "show what you have done": "mostra o que você já fez",
    "forget the progress of an exercise, or of the whole course": (
        "esquece o progresso de um exercício, ou do curso inteiro"
    ),
    _HELP_EPILOG: _HELP_EPILOG_PT,
    "usage: ": "uso: ",
    "start a course, a lesson or an exercise from files that validate": (
        "começa um curso, uma lição ou um exercício com arquivos que já validam"
    ),
    "no command '{name}'": "não há o comando '{name}'",
    "{prog}: error: {message}\n(see '{prog} --help')\n": (
        "{prog}: erro: {message}\n(veja '{prog} --help')\n"
    ),
    "; did you mean {names}?": "; você quis dizer {names}?",
    " or ": " ou ",
    "options": "opções",
    "positional arguments": "argumentos posicionais",
    "show this help message and exit": "mostra esta ajuda e sai",
    "show program's version number and exit": "mostra a versão do programa e sai",
    "the following arguments are required: %s": "faltam estes argumentos: %s",
    "unrecognized arguments: %s": "argumentos não reconhecidos: %s",
    "expected one argument": "esperava um argumento",
    "print a shell completion script for bash, zsh or fish": (
        "mostra um script de completar para bash, zsh ou fish"
    ),
    "open the course in a web browser (needs tooltutor[serve])": (
        "abre o curso num navegador (precisa de tooltutor[serve])"
    ),
    "Learn to build LLM agents that call tools: lessons, exercises and an offline checker. "
    "With no command, starts the course in the terminal UI.": (
        "Aprenda a construir agentes de LLM que chamam ferramentas: lições, exercícios e um "
        "corretor offline. Sem comando, abre o curso na interface do terminal."
    ),
    "course directory to use (default: $TOOLTUTOR_COURSE, else the bundled course)": (
        "pasta do curso a usar (padrão: $TOOLTUTOR_COURSE, senão o curso que vem junto)"
    ),
    "trust the course's own Python code (support code, reference solutions) without asking, "
    "and remember it (also $TOOLTUTOR_TRUST=1); the bundled course is trusted": (
        "confia no código Python do próprio curso (código de apoio, soluções de referência) "
        "sem perguntar, e se lembra disso (também $TOOLTUTOR_TRUST=1); o curso que vem junto "
        "é confiável"
    ),
    "language of the course and the interface, e.g. pt-BR (default: $TOOLTUTOR_LANG, else "
    "the locale, else the course's own language)": (
        "idioma do curso e da interface, por exemplo pt-BR (padrão: $TOOLTUTOR_LANG, senão o "
        "locale, senão o idioma do próprio curso)"
    ),
    "exercise id (see 'tooltutor list'; default: the current exercise), or the file "
    "'tooltutor start' wrote": (
        "id do exercício (veja 'tooltutor list'; padrão: o exercício atual), ou o arquivo que "
        "'tooltutor start' gravou"
    ),
    "your answer file, or - for standard input (default: the exercise's file in the work folder)": (
        "o arquivo da sua resposta, ou - para a entrada padrão (padrão: o arquivo do "
        "exercício na pasta de trabalho)"
    ),
    "work folder (default: the one you are in, else ./tooltutor-work)": (
        "pasta de trabalho (padrão: aquela em que você está, senão ./tooltutor-work)"
    ),
    "print Exercism results.json v3 plus diagnostics": (
        "imprime o results.json v3 do Exercism, com os diagnósticos"
    ),
    "do not record this attempt in your progress": "não registra esta tentativa no seu progresso",
    "exercise id (default: the current exercise of the work folder)": (
        "id do exercício (padrão: o exercício atual da pasta de trabalho)"
    ),
    "print JSON instead of text": "imprime JSON em vez de texto",
    "exercise id to forget": "id do exercício a esquecer",
    "forget all progress on the whole course": "esquece todo o progresso no curso inteiro",
    "do not ask for confirmation (and put the starter back in the exercise's file)": (
        "não pede confirmação (e põe o texto inicial de volta no arquivo do exercício)"
    ),
    "work folder of the exercise's file (default: the one you are in, else ./tooltutor-work)": (
        "pasta de trabalho do arquivo do exercício (padrão: aquela em que você está, senão "
        "./tooltutor-work)"
    ),
    "leave the exercise's file in the work folder as it is": (
        "deixa o arquivo do exercício na pasta de trabalho como está"
    ),
    "lesson id (e.g. round-trip) or number": "id da lição (por exemplo round-trip) ou número",
    "plain text even on a terminal": "texto simples mesmo num terminal",
    "print the whole lesson, never through a pager": (
        "imprime a lição inteira, nunca através de um paginador"
    ),
    "exercise id (see 'tooltutor list'; default: the current exercise, else the first one "
    "you have not passed)": (
        "id do exercício (veja 'tooltutor list'; padrão: o exercício atual, senão o primeiro "
        "que você ainda não resolveu)"
    ),
    "replace the file if it exists already (with your saved draft, or the starter)": (
        "substitui o arquivo se ele já existir (pelo seu rascunho salvo, ou pelo texto inicial)"
    ),
    "write the newest conflict copy of the draft (kept when two tooltutors saved it)": (
        "grava a cópia de conflito mais recente do rascunho (guardada quando dois tooltutors "
        "o salvaram)"
    ),
    "work folder made by 'tooltutor start' (default: the one you are in, else ./tooltutor-work)": (
        "pasta de trabalho criada por 'tooltutor start' (padrão: aquela em que você está, "
        "senão ./tooltutor-work)"
    ),
    "poll the file instead of waiting for file events (network or VM folders)": (
        "consulta o arquivo periodicamente em vez de esperar eventos de arquivo (pastas de "
        "rede ou de VM)"
    ),
    # tooltutor progress
    "print the summary as JSON": "imprime o resumo como JSON",
    "Done": "Feitos",
    "Attempted": "Tentados",
    "Hints": "Dicas",
    "Lesson": "Lição",
    "Done: {passed} of {n} exercise ({attempted} attempted),": (
        "Feito: {passed} de {n} exercício ({attempted} em andamento),",
        "Feito: {passed} de {n} exercícios ({attempted} em andamento),",
    ),
    "{n} hint used,": ("{n} dica usada,", "{n} dicas usadas,"),
    "{n} solution viewed.": ("{n} solução vista.", "{n} soluções vistas."),
    "Questions answered: {answered} of {total}.": "Perguntas respondidas: {answered} de {total}.",
    "(Progress is not being saved: see the note above.)": (
        "(O progresso não está sendo salvo: veja o aviso acima.)"
    ),
}

MESSAGES.update(HELP_AND_PROGRESS)
