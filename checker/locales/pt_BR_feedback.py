"""Brazilian Portuguese messages of the engine's feedback: named diagnoses (a wrong type, a
missing prefix, items out of order or the wrong way round), folded knock-ons, and the
advice for a request the API refuses (`diagnostics`, `criteria`, `json_checks`,
`schema_tools`, `exercise`, `python_checks`, `python_exercise`, `sandbox.reasons`).

Merged into `checker.locales.pt_BR.MESSAGES`; same conventions: API terms, JSON keys, code
and rule ids stay in English, and each entry keeps the `{placeholders}` of its template.
"""

# ruff: noqa: E501 (one entry per line reads better than wrapped sentences)

MESSAGES: dict[str, str] = {
    # ------------------------------------------------------------------ diagnostics.py
    "a whole number": "um número inteiro",
    "the boolean {value}": "o booleano {value}",
    "the number {value}": "o número {value}",
    "the string {value}": "a string {value}",
    "{expected}, not {found}": "{expected}, não {found}",
    "expected {slip}": "era esperado {slip}",
    "expected {types}, found {found}": "era esperado {types}, foi encontrado {found}",
    # ------------------------------------------------------------------ schema_tools.py
    "{keys} is not expected here": "{keys} não era esperado aqui",
    "{keys} are not expected here": "{keys} não eram esperados aqui",
    "the key {key} is not expected here": "a chave {key} não era esperada aqui",
    " (did you mean {option}?)": " (você quis dizer {option}?)",
    "expected {expected}, found {value}": "era esperado {expected}, foi encontrado {value}",
    "an item is listed twice": "um item aparece duas vezes",
    # ---------------------------------------------------------------------- criteria.py
    "expected the user's words, found {value}": "eram esperadas as palavras do usuário, foi encontrado {value}",
    "{where} is missing": "{where} está faltando",
    "{value} lacks the prefix {prefix}": "falta o prefixo {prefix} em {value}",
    "{value} lacks a prefix: the rest matches": "falta um prefixo em {value}: o resto confere",
    "{value} has {extra} before the expected text": "{value} tem {extra} antes do texto esperado",
    "{value} stops short: the end of the text is missing": "{value} para antes da hora: falta o fim do texto",
    "{value} differs only in upper and lower case": "{value} difere só em maiúsculas e minúsculas",
    "{value} differs only in spaces": "{value} difere só nos espaços",
    "{item} is not expected here": "{item} não era esperado aqui",
    "{n} item is missing": "falta {n} item",
    "{n} items are missing": "faltam {n} itens",
    "the right items, but out of order: {item} (at {where}) is out of place": "os itens certos, mas fora de ordem: {item} (em {where}) está fora do lugar",
    "out of order: what belongs here stands at {other}": "fora de ordem: o que vai aqui está em {other}",
    "{chosen} are not among the options ({options}).": "{chosen} não estão entre as opções ({options}).",
    # -------------------------------------------------------------------- json_checks.py
    "{id}: {slip}": "{id}: {slip}",
    "{correct} of {total} {what}s match: {n} has the wrong type ({first}).": "{correct} de {total} ({what}) conferem: {n} tem o tipo errado ({first}).",
    "{correct} of {total} {what}s match: {n} have the wrong type (the first: {first}).": "{correct} de {total} ({what}) conferem: {n} têm o tipo errado (o primeiro: {first}).",
    "{n} of them has the wrong type ({first}).": "{n} deles tem o tipo errado ({first}).",
    "{n} of them have the wrong type (the first: {first}).": "{n} deles têm o tipo errado (o primeiro: {first}).",
    "{item} is the wrong way round": "{item} está invertido",
    "{items} is the wrong way round": "{items} está invertido",
    "{items} are the wrong way round": "{items} estão invertidos",
    "The {what}s there are in order, but the order can be judged in full once all {items} are in the list; {missing}.": "Os itens ({what}) que estão lá estão em ordem, mas a ordem só pode ser avaliada por inteiro quando todos os {items} estiverem na lista; {missing}.",
    # ---------------------------------------------------------------------- exercise.py
    "Also here: {message}.": "Também aqui: {message}.",
    "Also here, at {where}: {message}.": "Também aqui, em {where}: {message}.",
    "(and {n} more here)": "(e mais {n} aqui)",
    # ----------------------------------------------------------------- python_checks.py
    "the API refused request {request} ({type})": "a API recusou a requisição {request} ({type})",
    "the API refused request {request} with a 400 ({rule}, explained with the problems below)": "a API recusou a requisição {request} com um 400 ({rule}, explicado junto com os problemas abaixo)",
    "Not judged for run {run}: {refused}. Fix that request; catching the error would not help.": "Não avaliado na execução {run}: {refused}. Corrija essa requisição; capturar o erro não ajudaria.",
    "In {where}, the conversation no longer starts with the user's message: the model would read a tool result for a question it never saw. Keep the earlier messages and append to them.": "Em {where}, a conversa não começa mais com a mensagem do usuário: o modelo leria o resultado de uma ferramenta para uma pergunta que nunca viu. Mantenha as mensagens anteriores e acrescente a elas.",
    "In {where}, message {index} of the request before it is missing or changed. The API keeps nothing between requests: send the earlier messages again, unchanged, then append.": "Em {where}, a mensagem {index} da requisição anterior está faltando ou foi alterada. A API não guarda nada entre requisições: envie de novo as mensagens anteriores, sem mudanças, e depois acrescente.",
    'In {where}, the result travels in a `tool` message, the OpenAI shape. In the Messages API it is a `user` message whose content holds a `{{"type": "tool_result", "tool_use_id": call.id, ...}}` block.': 'Em {where}, o resultado vai numa mensagem `tool`, o formato da OpenAI. Na Messages API ele vai numa mensagem `user` cujo content contém um bloco `{{"type": "tool_result", "tool_use_id": call.id, ...}}`.',
    "`run_tool` got the whole tool_use block as its input; pass the call's `input` (`run_tool(call.name, call.input)`).": "`run_tool` recebeu o bloco tool_use inteiro como input; passe o `input` da chamada (`run_tool(call.name, call.input)`).",
    # --------------------------------------------------------------- python_exercise.py
    "run {run}: the API refused request {request}, so `client.messages.create` raised {type}": "execução {run}: a API recusou a requisição {request}, então `client.messages.create` lançou {type}",
    # ----------------------------------------------------------------- sandbox/reasons.py
    "The real API would refuse this request with HTTP 400 too: the request is at fault, not the error handling, so fix the request rather than catch the error. Every problem found in your requests is listed with the request that has it.": "A API real também recusaria esta requisição com HTTP 400: o problema está na requisição, não no tratamento de erros, então corrija a requisição em vez de capturar o erro. Cada problema encontrado nas suas requisições aparece junto com a requisição que o tem.",
}
