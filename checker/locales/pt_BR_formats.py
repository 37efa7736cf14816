"""Brazilian Portuguese messages of the two-formats lesson's checks (`checks/calls.py`):
the field map's three columns and the next Responses request (merged into `pt_BR`).

API terms, JSON keys, code and rule ids stay in English; the `{placeholders}` are kept.
"""

# ruff: noqa: E501 (one entry per line reads better than wrapped sentences)

MESSAGES: dict[str, str] = {
    # ------------------------------------------------------------------ field-map
    "{found} is the item's own id; the id that pairs a call with its result is another field of the same item": "{found} é o id do próprio item; o id que liga uma chamada ao seu resultado é outro campo do mesmo item",
    "{found} is a name of Chat Completions; this column is the Responses API": "{found} é um nome do Chat Completions; esta coluna é a Responses API",
    "{found} is a name of OpenAI's Responses API; this column is Chat Completions": "{found} é um nome da Responses API da OpenAI; esta coluna é o Chat Completions",
    "{found}: a response's `status` says whether it finished, not why; it is `completed` when the model asks for function calls too": "{found}: o `status` de uma resposta diz se ela terminou, não por quê; ele é `completed` também quando o modelo pede chamadas de função",
    "the entry {entry} is not an object of {sides}": "a entrada {entry} não é um objeto com {sides}",
    # ------------------------------------------------------------ items-resent
    "Your answer is {value}; write the JSON array of input items (or a request body whose `input` is that array).": "Sua resposta é {value}; escreva o array JSON de itens de entrada (ou um corpo de requisição cujo `input` seja esse array).",
    "this task keeps the conversation in `input` itself, without `previous_response_id`: send the earlier items again": "esta tarefa guarda a conversa no próprio `input`, sem `previous_response_id`: envie de novo os itens anteriores",
    "the reasoning item {id} is missing: a reasoning model's calls go back together with the reasoning item that came before them": "falta o item de raciocínio {id}: as chamadas de um modelo de raciocínio voltam junto com o item de raciocínio que veio antes delas",
    "{item} is missing: the calls are written as a Chat Completions `tool_calls` list; in the Responses API each call goes back as the `function_call` item the response held": "falta {item}: as chamadas estão escritas como uma lista `tool_calls` do Chat Completions; na Responses API cada chamada volta como o item `function_call` que a resposta trazia",
    "the {role} message {text} is missing: the next `input` begins with the items of the one before": "falta a mensagem {role} {text}: o próximo `input` começa com os itens do anterior",
    "{item} is missing: send it back as the response gave it": "falta {item}: devolva-o como a resposta o entregou",
    "{item} is out of order: keep the items in the order the conversation produced them": "{item} está fora de ordem: mantenha os itens na ordem em que a conversa os produziu",
    "it differs": "ele é diferente",
    "{item} must go back unchanged: at {where}, {what}": "{item} precisa voltar sem mudanças: em {where}, {what}",
    # --------------------------------------------------- function-call-outputs
    "`output` is {value}; send the tool's result as the string it came as": "`output` é {value}; envie o resultado da ferramenta como a string que ele era",
    "the failed result has no {prefix} prefix: the Responses API has no error flag either, so the prefix is all that tells the model the call failed": "o resultado que falhou não tem o prefixo {prefix}: a Responses API também não tem flag de erro, então só o prefixo diz ao modelo que a chamada falhou",
    "`output` must be the result unchanged: {wanted}; found {found}": "`output` precisa ser o resultado sem mudanças: {wanted}; veio {found}",
    "the output for {id} comes before its call: an output follows the `function_call` it answers": "a saída de {id} vem antes da chamada: uma saída vem depois do `function_call` a que responde",
    "{found} is the call item's own `id`; an output quotes the call's `call_id`, {id}": "{found} é o `id` do próprio item da chamada; uma saída cita o `call_id` da chamada, {id}",
    'the result for {id} is a Chat Completions `tool` message; in the Responses API it is an item {{"type": "function_call_output", "call_id": ..., "output": ...}}': 'o resultado de {id} é uma mensagem `tool` do Chat Completions; na Responses API ele é um item {{"type": "function_call_output", "call_id": ..., "output": ...}}',
    "there is no `function_call_output` item for {id}: each call gets one, quoting its `call_id`": "não há item `function_call_output` para {id}: cada chamada recebe um, citando o seu `call_id`",
}
