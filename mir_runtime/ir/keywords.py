"""LLVM's keywords for the words around values: linkage, calling conventions, attributes.

The reader checks every such word against these sets, as LLParser does, so that a misspelt or
misplaced word is a located error rather than silently skipped. The sets are the union over
LLVM 3.8 to 22 (LLVM's own Attributes.td of each release): IR of any of them reads.
"""
from __future__ import annotations

LINKAGES = frozenset(
    """private internal available_externally linkonce weak common appending extern_weak
    linkonce_odr weak_odr external""".split()
)
CALLING_CONVENTIONS = frozenset(
    """ccc fastcc coldcc tailcc cfguard_checkcc x86_stdcallcc x86_fastcallcc x86_thiscallcc
    x86_vectorcallcc x86_regcallcc x86_intrcc x86_64_sysvcc win64cc x86_64_win64cc arm_apcscc
    arm_aapcscc arm_aapcs_vfpcc aarch64_vector_pcs aarch64_sve_vector_pcs
    aarch64_sme_preservemost_from_x0 aarch64_sme_preservemost_from_x1
    aarch64_sme_preservemost_from_x2 msp430_intrcc avr_intrcc avr_signalcc ptx_kernel ptx_device
    spir_kernel spir_func intel_ocl_bicc webkit_jscc anyregcc swiftcc swifttailcc preserve_mostcc
    preserve_allcc preserve_nonecc ghccc hhvmcc hhvm_ccc cxx_fast_tlscc amdgpu_vs amdgpu_ls
    amdgpu_hs amdgpu_es amdgpu_gs amdgpu_ps amdgpu_cs amdgpu_cs_chain amdgpu_cs_chain_preserve
    amdgpu_kernel amdgpu_gfx m68k_intrcc m68k_rtdcc riscv_vector_cc""".split()
)
# The words LLParser reads before a global's or function's type, in this order, each optional.
PREEMPTION = frozenset(("dso_local", "dso_preemptable"))
VISIBILITY = frozenset(("default", "hidden", "protected"))
DLL_STORAGE = frozenset(("dllimport", "dllexport"))
LINKAGE_SLOTS = (LINKAGES, PREEMPTION, VISIBILITY, DLL_STORAGE)
UNNAMED_ADDR = frozenset(("unnamed_addr", "local_unnamed_addr"))

# Attributes of parameters, of return values and of functions (Attributes.td, LLVM 3.8 to 22).
# Those followed by a parenthesised argument or a number are listed in ATTRIBUTE_ARGUMENTS.
_BOTH_SIDES = "align alignstack dereferenceable dereferenceable_or_null inreg noalias nonnull noundef signext zeroext nofpclass range noext"
PARAMETER_ATTRIBUTES = frozenset(
    f"""{_BOTH_SIDES} allocalign allocptr byval byref elementtype inalloca initializes nest
    nocapture captures nofree dead_on_unwind dead_on_return preallocated readnone readonly
    returned immarg sret swifterror swiftself swiftasync writable writeonly""".split()
)
RETURN_ATTRIBUTES = frozenset(_BOTH_SIDES.split())
FUNCTION_ATTRIBUTES = frozenset(
    """allockind allocsize alwaysinline argmemonly builtin cold convergent hot
    disable_sanitizer_instrumentation fn_ret_thunk_extern hybrid_patchable inaccessiblememonly
    inaccessiblemem_or_argmemonly inlinehint jumptable memory minsize naked nobuiltin nocallback
    nocreateundeforpoison nodivergencesource noduplicate nofree noimplicitfloat noinline
    nonlazybind nomerge norecurse noredzone noreturn nosync nocf_check noprofile skipprofile
    nounwind nosanitize_bounds nosanitize_coverage null_pointer_is_valid optdebug optforfuzzing
    optsize optnone preallocated readnone readonly returns_twice safestack shadowcallstack
    alignstack speculatable ssp sspreq sspstrong strictfp sanitize_address sanitize_thread
    sanitize_type sanitize_memory sanitize_hwaddress sanitize_memtag sanitize_alloc_token
    sanitize_numerical_stability sanitize_realtime sanitize_realtime_blocking
    speculative_load_hardening uwtable vscale_range willreturn writeonly mustprogress
    presplitcoroutine coro_only_destroy_when_complete coro_elide_safe""".split()
)
# How an attribute's argument is written: a number in parentheses (``align`` also ``align N``),
# a type in parentheses (optional: LLVM <= 10 wrote a bare ``byval``), or anything in parentheses.
INT_ARGUMENT = frozenset(("align", "alignstack", "dereferenceable", "dereferenceable_or_null"))
TYPE_ARGUMENT = frozenset(("byval", "byref", "sret", "elementtype", "inalloca", "preallocated"))
GROUP_ARGUMENT = frozenset("allockind nofpclass range initializes captures".split())
ALLOC_KINDS = frozenset("alloc realloc free uninitialized zeroed aligned".split())  # allockind("alloc,zeroed")
# errnomem: LLVM 21; target_mem0 and target_mem1: LLVM 22
MEMORY_LOCATIONS = frozenset(("argmem", "inaccessiblemem", "errnomem", "target_mem0", "target_mem1"))
MEMORY_ACCESS = frozenset(("none", "read", "write", "readwrite"))
# What ``attributes #N = { ... }`` may hold, besides ``align=N`` and ``alignstack=N``: function
# attributes only (LLVM: "this attribute does not apply to functions").
ATTRIBUTE_GROUP_WORDS = FUNCTION_ATTRIBUTES - {"alignstack"}
COMDAT_KINDS = frozenset("any exactmatch largest nodeduplicate noduplicates samesize".split())

ICMP_PREDICATES = frozenset("eq ne ugt uge ult ule sgt sge slt sle".split())
FCMP_PREDICATES = frozenset("false oeq ogt oge olt ole one ord ueq ugt uge ult ule une uno true".split())
# atomicrmw's operations: LLVM 3.8's, then fadd fsub (9), fmax fmin (15), uinc_wrap udec_wrap (16),
# usub_cond usub_sat (20), fmaximum fminimum (21).
ATOMICRMW_OPERATIONS = frozenset(
    "xchg add sub and nand or xor max min umax umin fadd fsub fmax fmin uinc_wrap udec_wrap usub_cond usub_sat "
    "fmaximum fminimum".split()
)
CAST_OPS = frozenset(
    """trunc zext sext fptrunc fpext fptoui fptosi uitofp sitofp ptrtoint ptrtoaddr inttoptr bitcast
    addrspacecast""".split()  # ptrtoaddr: LLVM 22
)
