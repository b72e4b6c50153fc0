"""The live examples of the authors' page (``#embed``): a hand, a replayed hand, exercises
(pure Python). The replay is a Macau hand played by the computer players (seed 5, the
match's second hand), as the table's «Embed this hand» would give it."""
from __future__ import annotations

from .learn.documents import CAYRO, MACAU

EXAMPLE_HAND = {"rules": CAYRO, "hand": "567p888s22z", "w": "6p", "m": "c234m,K5555m", "score": "1"}
EXAMPLE_REPLAY = (
    "r1.eNrtV01v2zgQ_SsBT1tAdfRhx47vPW6xwB56CAJhItEOYVIUSCppGviP7bG_bGdIKbITx5Gj3aKHwIDBj_HMm"
    "zdvRvIjg8IJXVm2vHpkloNjyzhiTkjOlmz-g-H6oaZ1KWwBpmTbqLNL-jsD988ugoPkqIP0NQfpk4O0PuYg6wPt2"
    "BW3-v6g0ewomvg1NPHBKO_iYz6Wj-mPt_g46KDn4GIsB5f2LQ7aVO2rFUkGVuRX8HE8nSF81MNSqMHa08SSjW4eN"
    "ZKcZCw5iRrWMKeTk44l51INmyxzNWCyZKMny9hJm9ZjxfJmrV_a1U21fueQeOvBMTadRT1S-9OxJZ2pYYMyU0MGZ"
    "T0Mzb2ojkyf64gVulqJNVs-Mv69uIVqzfHRXzVSRgx3ZV416oYbH9roBg_QY4kOvmB800iyZgoKaPLkcrHAQ8s53"
    "qdZNptmsyTBkNZBsaHD4Ba3G59CfJ7EMaJjK21Um94meKfQFIDbRjoCV2ilhLX4ZoK-Mb025xaZN_dWVcFBUiw2u"
    "5ir6eyink7xm-S3Esa63DUGXaxAWo5HUt9zQyngvQS69vS214rLMrwI7Thu71qgXvGhKuQmTdNA61CuwO0aPaMm8"
    "uXrC-z3ea8ApE4KuBFSuIeOXTqg-3anrc8v7BSYjd9exZH_INBKO8J1hcsaHhSvHO3SRRx9Rgj9F-XEoRTVmu7ZG"
    "hSftAeTwOwNVOidoaEttOFUDzCGFEVeaUt1RuSGrxsJBtNZI031exiO9n7gTNPb-5bp7UkGp9iTZE60P46nBmF27"
    "adBIFRJNODfUc_b6KW-uQMhrWcNqtw2ynf12kBJxd-AyO8aEoBwXL2o3yOqaUk1ZF_Z0peQ_d0tvoXFdr-eFF9Xk"
    "5IyMLmwOcduYNGOXCcgZR70lGOk_bsefr4yWpGmK272bTx2u3_WQs6bSrjnV0bfCfIIMg-Kof8lJK_DreR4pyThg"
    "umS_aWNAyPgrJr8_OcsybLzxeL8z-gMjJuczejsj_QT_njDsX-IaCoUNx2hdyAbZDv25T3BK3opdXMju8Yixweq1"
    "8UNx-8LdxHCveK5o7X1nJDwnHYgwyMCm9OuwkDAXlU4smgIk0gKqOudVjwRDVaV83ak0RqHNOoP10YUvI2A4rPeY"
    "Rgbub0FQyQEyAg1-t8hffv9IH0dAYnGxlAI830It7qxfAeGf2B1oXdG08uH93XA8tQ91Pg4U8IM3H6o7UNt_7Ha_"
    "Ch7eqM58H5Ezx2aof7lykvxKo0yfNtJrrf_Atn19J0"
)
EXAMPLE_EXERCISE = {"rules": MACAU, "exercise": "score-2"}
EXAMPLE_CUSTOM = {"rules": MACAU, "ask": "waits", "hand": "234m567p345s1167s"}
EXAMPLE_BROKEN = {"rules": MACAU, "exercise": "score-99"}

__all__ = ["EXAMPLE_BROKEN", "EXAMPLE_CUSTOM", "EXAMPLE_EXERCISE", "EXAMPLE_HAND", "EXAMPLE_REPLAY"]
