"""indexes on referenced columns

Revision ID: 0004
Revises: 0003
"""

from alembic import op
import sqlalchemy as sa
import db.types


revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('derivation_inputs', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_derivation_inputs_fact_id'), ['fact_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_derivation_inputs_input_derivation_id'), ['input_derivation_id'], unique=False)

    with op.batch_alter_table('derivation_problems', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_derivation_problems_rule_id'), ['rule_id'], unique=False)

    with op.batch_alter_table('derivations', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_derivations_rule_id'), ['rule_id'], unique=False)

    with op.batch_alter_table('facts', schema=None) as batch_op:
        batch_op.create_index('ix_facts_quantity_id', ['quantity_id'], unique=False)
        batch_op.create_index('ix_facts_source_id', ['source_id'], unique=False)
        batch_op.create_index('ix_facts_supersedes_id', ['supersedes_id'], unique=False)

    with op.batch_alter_table('rules', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_rules_output_id'), ['output_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_rules_source_id'), ['source_id'], unique=False)

    with op.batch_alter_table('subjects', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_subjects_variant_of'), ['variant_of'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('subjects', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_subjects_variant_of'))

    with op.batch_alter_table('rules', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_rules_source_id'))
        batch_op.drop_index(batch_op.f('ix_rules_output_id'))

    with op.batch_alter_table('facts', schema=None) as batch_op:
        batch_op.drop_index('ix_facts_supersedes_id')
        batch_op.drop_index('ix_facts_source_id')
        batch_op.drop_index('ix_facts_quantity_id')

    with op.batch_alter_table('derivations', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_derivations_rule_id'))

    with op.batch_alter_table('derivation_problems', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_derivation_problems_rule_id'))

    with op.batch_alter_table('derivation_inputs', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_derivation_inputs_input_derivation_id'))
        batch_op.drop_index(batch_op.f('ix_derivation_inputs_fact_id'))

